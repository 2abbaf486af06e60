import { createFileRoute } from '@tanstack/react-router';
import { requireConfirmedEmail } from '../app/guards';
import { UserUploadPage } from '../features/user-upload/components/user-upload-page';

export const Route = createFileRoute('/user-upload')({
  beforeLoad: async (args) => {
    await requireConfirmedEmail(args);
  },
  component: UserUploadPage,
});
