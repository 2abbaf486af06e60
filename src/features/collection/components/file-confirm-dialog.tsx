import { useState } from 'react';
import type { CollectionFile } from '../../../../domain/collection';
import { oldImageFiles } from '../../../../domain/cover-files';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { libraryStrings } from '../../../lib/strings';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useDeleteFile } from '../api/admin-actions';
import { useTakeCoverFromFile } from '../api/take-cover-from-file';
import { fileTitle } from './file-row';

const t = libraryStrings.admin;

/** An admin file action waiting for its yes: both delete files, so both ask first. */
export interface FileConfirm {
  kind: 'delete' | 'cover';
  entry: CollectionFile;
}

/** The one confirmation dialog of the file list's admin actions; it runs the action on yes. */
export function FileConfirmDialog({
  collectionId,
  files,
  pending,
  onClose,
}: {
  collectionId: number;
  files: readonly CollectionFile[];
  pending: FileConfirm | null;
  onClose: () => void;
}) {
  const deleteFile = useDeleteFile(collectionId);
  const takeCover = useTakeCoverFromFile(collectionId);
  // The last question stays in the dialog while it animates closed, instead of blanking.
  const [shown, setShown] = useState(pending);
  if (pending && pending !== shown) setShown(pending);

  const confirm = () => {
    if (!pending) return;
    const { kind, entry } = pending;
    switch (kind) {
      case 'delete':
        deleteFile.mutate(entry.file.fileId, { onSuccess: onClose });
        return;
      case 'cover':
        takeCover.mutate(
          { source: entry, files },
          {
            onSuccess: () => {
              notifySuccess(t.coverTaken);
              onClose();
            },
            onError: (error) => {
              notifyError(t.coverFailed, { description: error.message });
              onClose();
            },
          },
        );
        return;
    }
  };

  const question = shown ? describe(shown, files) : null;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={question?.title ?? ''}
      body={question?.body ?? ''}
      confirmLabel={question?.confirmLabel ?? t.confirm}
      cancelLabel={t.cancel}
      loading={pending?.kind === 'cover' ? takeCover.isPending : deleteFile.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function describe({ kind, entry }: FileConfirm, files: readonly CollectionFile[]) {
  const name = fileTitle(entry);
  switch (kind) {
    case 'delete':
      return {
        title: t.confirmDeleteFileTitle,
        body: t.confirmDeleteFileBody(name),
        confirmLabel: t.confirm,
      };
    case 'cover':
      return {
        title: t.confirmCoverTitle,
        body: t.confirmCoverBody(
          name,
          oldImageFiles(files).map((old) => old.file.filePath),
        ),
        confirmLabel: t.confirmCover,
      };
  }
}
