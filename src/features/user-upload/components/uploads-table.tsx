import { Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { MUSIC_UPLOADS_PAGE, type MusicUpload } from '../../../../domain/music-upload';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LoadError } from '../../../ui/load-error';
import { useMusicUploads, useRemoveUpload } from '../api/user-upload-api';
import { userUploadStrings as strings } from '../strings';
import { ImportDialog } from './import-dialog';

const t = strings.table;

const fileHref = (upload: MusicUpload): string =>
  `/api/file?path=${encodeURIComponent(upload.uploadPath)}`;

/** Administrators' table of user uploads: download, import into a collection, remove. */
export function UploadsTable() {
  const navigate = useNavigate();
  const [offset, setOffset] = useState(0);
  const uploads = useMusicUploads(offset, true);
  const remover = useRemoveUpload();
  const [importing, setImporting] = useState<MusicUpload | null>(null);
  const [removing, setRemoving] = useState<MusicUpload | null>(null);

  if (uploads.isPending) return <CenteredSpinner label={t.title} />;
  if (uploads.isError) return <LoadError error={uploads.error} />;
  const { items, total } = uploads.data;

  return (
    <Stack gap="3" as="section" aria-label={t.title}>
      <Text as="h2" fontSize="xl" fontWeight="semibold">
        {t.title}
      </Text>
      {items.length === 0 ? (
        <Text color="fg.muted">{t.empty}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t.description}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.path}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.user}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.download}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.upload}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.remove}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((upload) => (
                <Table.Row key={upload.uploadId}>
                  <Table.Cell whiteSpace="pre-wrap" maxW="xs">
                    {upload.userUploadedMusicDescription}
                  </Table.Cell>
                  <Table.Cell wordBreak="break-all">{upload.uploadName}</Table.Cell>
                  <Table.Cell>
                    {upload.uploadUserId !== null ? (
                      <Link
                        href={`/user/${upload.uploadUserId}`}
                        onClick={(e) => {
                          e.preventDefault();
                          void navigate({
                            to: '/user/$id',
                            params: { id: String(upload.uploadUserId) },
                          });
                        }}
                      >
                        {upload.uploadUserName}
                      </Link>
                    ) : (
                      t.deletedUser
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Button asChild size="xs" variant="outline">
                      <a
                        href={fileHref(upload)}
                        download={upload.uploadName}
                        aria-label={t.downloadLabel(upload.uploadName)}
                      >
                        {t.download}
                      </a>
                    </Button>
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      colorPalette="blue"
                      aria-label={t.importLabel(upload.uploadName)}
                      onClick={() => setImporting(upload)}
                    >
                      {t.upload}
                    </Button>
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      colorPalette="red"
                      variant="outline"
                      aria-label={t.removeLabel(upload.uploadName)}
                      onClick={() => setRemoving(upload)}
                    >
                      {t.remove}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {total > MUSIC_UPLOADS_PAGE ? (
        <HStack gap="3">
          <Button
            size="sm"
            variant="outline"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - MUSIC_UPLOADS_PAGE))}
          >
            {t.previous}
          </Button>
          <Text>{t.range(offset + 1, Math.min(offset + items.length, total), total)}</Text>
          <Button
            size="sm"
            variant="outline"
            disabled={offset + MUSIC_UPLOADS_PAGE >= total}
            onClick={() => setOffset(offset + MUSIC_UPLOADS_PAGE)}
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
