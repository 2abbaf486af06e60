import { Button, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { mayUploadToLibrary } from '../../../../domain/access';
import { useSession } from '../../../common/session';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useUploadTarget } from '../api/upload-api';
import { uploadStrings as t } from '../strings';
import { Uploader } from './uploader';

/**
 * /upload: a new collection and its files. A member whose role may not upload here is told so
 * before choosing anything, and pointed at /user-upload (issue 30).
 */
export function NewUploadPage() {
  const session = useSession();
  if (session.isPending) return <CenteredSpinner label={t.loadingAccount} />;
  const allowed = session.data ? mayUploadToLibrary(session.data.user, session.data.role) : false;
  return (
    <Stack gap="6" p={{ base: '4', md: '6' }}>
      <PageHeading title={allowed ? t.title : t.memberTitle} />
      {allowed ? (
        <Uploader />
      ) : (
        <Stack gap="4" maxW="2xl" data-testid="upload-not-allowed">
          <Text>{t.memberBody}</Text>
          <Button asChild colorPalette="brand" alignSelf="flex-start">
            <Link to="/user-upload">{t.memberLink}</Link>
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** /upload/{id}: more files into an existing collection. */
export function UploadIntoPage({ collectionId }: { collectionId: number }) {
  const target = useUploadTarget(collectionId);
  if (target.isPending) return <CenteredSpinner label={t.loading} />;
  if (target.isError) return <LoadError error={target.error} />;
  return (
    <Stack gap="6" p={{ base: '4', md: '6' }}>
      <PageHeading title={t.titleInto(target.data.collectionName)} />
      <Uploader collectionId={collectionId} />
    </Stack>
  );
}
