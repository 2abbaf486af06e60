import { Button } from '@chakra-ui/react';
import { UploadFileRow } from '../../../ui/upload-file-row';
import { uploadStrings as t } from '../strings';

export type FileState =
  | { state: 'idle' }
  | { state: 'uploading'; percent: number }
  | { state: 'uploaded' }
  | { state: 'failed'; reason: string };

export interface QueuedFile {
  key: string;
  file: File;
  status: FileState;
}

function describe(status: FileState): string {
  switch (status.state) {
    case 'idle':
      return t.state.idle;
    case 'uploading':
      return t.state.uploading(status.percent);
    case 'uploaded':
      return t.state.uploaded;
    case 'failed':
      return t.state.failed(status.reason);
  }
}

/** One file of the uploader: its name, its state in words and a bar, retry when it failed. */
export function FileRow({
  item,
  onRetry,
  onRemove,
  busy,
}: {
  item: QueuedFile;
  onRetry: () => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const { status } = item;
  return (
    <UploadFileRow
      name={item.file.name}
      state={status.state}
      percent={status.state === 'uploading' ? status.percent : undefined}
      stateText={describe(status)}
      actions={
        <>
          {status.state === 'failed' ? (
            <Button size="xs" variant="outline" onClick={onRetry} disabled={busy}>
              {t.retry}
            </Button>
          ) : null}
          {status.state === 'idle' || status.state === 'failed' ? (
            <Button size="xs" variant="ghost" onClick={onRemove} disabled={busy}>
              {t.remove}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
