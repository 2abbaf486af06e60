import { Stack } from '@chakra-ui/react';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useUploadTarget } from '../api/upload-api';
import { uploadStrings as t } from '../strings';
import { Uploader } from './uploader';

/** /upload: a new collection and its files. */
export function NewUploadPage() {
  return (
    <Stack gap="6" p={{ base: '4', md: '6' }}>
      <PageHeading title={t.title} />
      <Uploader />
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
