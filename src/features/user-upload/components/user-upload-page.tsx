import { Stack } from '@chakra-ui/react';
import { useSession } from '../../../common/session';
import { PageHeading } from '../../../ui/page-heading';
import { userUploadStrings as t } from '../strings';
import { UploadsTable } from './uploads-table';
import { UserUploader } from './user-uploader';

/** /user-upload: everyone sends music; administrators also review what was sent. */
export function UserUploadPage() {
  const session = useSession();
  return (
    <Stack gap="8" p={{ base: '4', md: '6' }}>
      <Stack gap="0">
        <PageHeading title={t.title}>{t.intro}</PageHeading>
        <UserUploader />
      </Stack>
      {session.data?.user.isAdmin ? <UploadsTable /> : null}
    </Stack>
  );
}
