import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { USER_UPLOADS_PAGE, type UserUpload } from '../../../../domain/user-upload';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { LoadError } from '../../../ui/load-error';
import { useUserUploads, useRemoveUpload } from '../api/user-upload-api';
import { userUploadStrings as strings } from '../strings';
import { ImportDialog } from './import-dialog';

const t = strings.table;

const fileHref = (upload: UserUpload): string =>
  `/api/file?path=${encodeURIComponent(upload.uploadPath)}`;

interface RowActions {
  openUser: (userId: number) => void;
  importUpload: (upload: UserUpload) => void;
  removeUpload: (upload: UserUpload) => void;
}

const columns = ({
  openUser,
  importUpload,
  removeUpload,
}: RowActions): DataColumn<UserUpload>[] => [
  {
    id: 'description',
    header: t.description,
    cell: (upload) => upload.userUploadedMusicDescription,
    cellProps: { whiteSpace: 'pre-wrap', maxW: 'xs' },
  },
  {
    id: 'path',
    header: t.path,
    cell: (upload) => upload.uploadName,
    cellProps: { wordBreak: 'break-all' },
  },
  {
    id: 'user',
    header: t.user,
    cell: ({ uploadUserId, uploadUserName }) =>
      uploadUserId !== null ? (
        <Link
          href={`/user/${uploadUserId}`}
          onClick={(e) => {
            e.preventDefault();
            openUser(uploadUserId);
          }}
        >
          {uploadUserName}
        </Link>
      ) : (
        t.deletedUser
      ),
  },
  {
    id: 'download',
    header: t.download,
    cell: (upload) => (
      <Button asChild size="xs" variant="outline">
        <a
          href={fileHref(upload)}
          download={upload.uploadName}
          aria-label={t.downloadLabel(upload.uploadName)}
        >
          {t.download}
        </a>
      </Button>
    ),
  },
  {
    id: 'upload',
    header: t.upload,
    cell: (upload) => (
      <Button
        size="xs"
        colorPalette="blue"
        aria-label={t.importLabel(upload.uploadName)}
        onClick={() => importUpload(upload)}
      >
        {t.upload}
      </Button>
    ),
  },
  {
    id: 'remove',
    header: t.remove,
    cell: (upload) => (
      <Button
        size="xs"
        colorPalette="red"
        variant="outline"
        aria-label={t.removeLabel(upload.uploadName)}
        onClick={() => removeUpload(upload)}
      >
        {t.remove}
      </Button>
    ),
  },
];

/** Administrators' table of user uploads: download, import into a collection, remove. */
export function UploadsTable() {
  const navigate = useNavigate();
  const [offset, setOffset] = useState(0);
  const uploads = useUserUploads(offset, true);
  const remover = useRemoveUpload();
  const [importing, setImporting] = useState<UserUpload | null>(null);
  const [removing, setRemoving] = useState<UserUpload | null>(null);

  if (uploads.isPending) return <CenteredSpinner label={t.title} />;
  if (uploads.isError) return <LoadError error={uploads.error} />;
  const { items, total } = uploads.data;

  return (
    <Stack gap="3" as="section" aria-label={t.title}>
      <Text as="h2" fontSize="xl" fontWeight="semibold">
        {t.title}
      </Text>
      <DataTable
        columns={columns({
          openUser: (id) => void navigate({ to: '/user/$id', params: { id: String(id) } }),
          importUpload: setImporting,
          removeUpload: setRemoving,
        })}
        rows={items}
        rowKey={(upload) => upload.uploadId}
        empty={t.empty}
      />
      {total > USER_UPLOADS_PAGE ? (
        <HStack gap="3">
          <Button
            size="sm"
            variant="outline"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - USER_UPLOADS_PAGE))}
          >
            {t.previous}
          </Button>
          <Text>{t.range(offset + 1, Math.min(offset + items.length, total), total)}</Text>
          <Button
            size="sm"
            variant="outline"
            disabled={offset + USER_UPLOADS_PAGE >= total}
            onClick={() => setOffset(offset + USER_UPLOADS_PAGE)}
          >
            {t.next}
          </Button>
        </HStack>
      ) : null}
      {importing ? (
        <ImportDialog
          upload={importing}
          onClose={() => setImporting(null)}
          onImported={(collectionId) => {
            setImporting(null);
            notifySuccess(strings.importDialog.imported);
            void navigate({
              to: '/audio-collection/$id',
              params: { id: String(collectionId), collectionId },
            });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t.confirmTitle}
        body={removing ? t.confirmBody(removing.uploadName) : ''}
        confirmLabel={t.confirm}
        cancelLabel={t.cancel}
        loading={remover.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing === null) return;
          remover.mutate(removing.uploadId, {
            onSuccess: () => {
              setRemoving(null);
              notifySuccess(t.removed);
            },
          });
        }}
      />
    </Stack>
  );
}
