import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { requireConfirmedEmail } from '../../app/guards';
import { UploadIntoPage } from '../../features/library-upload/components/upload-page';
import { LoadError } from '../../ui/load-error';

const Id = z.coerce.number().int().positive();

export const Route = createFileRoute('/upload/$id')({
  beforeLoad: async (args) => {
    await requireConfirmedEmail(args);
  },
  component: function UploadIntoRoute() {
    const parsed = Id.safeParse(Route.useParams().id);
    if (!parsed.success) return <LoadError error={new Error('Collection not found')} />;
    return <UploadIntoPage collectionId={parsed.data} />;
  },
});
