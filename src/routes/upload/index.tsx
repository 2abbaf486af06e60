import { createFileRoute } from '@tanstack/react-router';
import { requireConfirmedEmail } from '../../app/guards';
import { NewUploadPage } from '../../features/library-upload/components/upload-page';

export const Route = createFileRoute('/upload/')({
  beforeLoad: async (args) => {
    await requireConfirmedEmail(args);
  },
  component: NewUploadPage,
});
