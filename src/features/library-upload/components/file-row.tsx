import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
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
  const percent =
    status.state === 'uploading' ? status.percent : status.state === 'uploaded' ? 100 : 0;
  return (
    <Stack as="li" gap="1" data-state={status.state} aria-label={item.file.name}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium" wordBreak="break-all">
          {item.file.name}
        </Text>
        <HStack gap="2">
          <Text
            role="status"
            fontSize="sm"
            color={status.state === 'failed' ? 'fg.error' : 'fg.muted'}
          >
            {describe(status)}
          </Text>
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
        </HStack>
      </HStack>
      <Progress.Root value={percent} size="xs" aria-label={item.file.name}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
