import { HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type UploadState = 'idle' | 'uploading' | 'uploaded' | 'failed';

/**
 * One file of an upload list: its name, its state in words (red when it failed), the buttons
 * that fit the state, and a bar. The item is named by the file, so tests and screen readers
 * find it by name.
 */
export function UploadFileRow({
  name,
  state,
  percent = 0,
  stateText,
  actions,
}: {
  name: string;
  state: UploadState;
  /** How far an upload in progress is, 0 to 100. */
  percent?: number;
  stateText: string;
  actions?: ReactNode;
}) {
  const value = state === 'uploading' ? percent : state === 'uploaded' ? 100 : 0;
  return (
    <Stack as="li" gap="1" data-state={state} aria-label={name}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium" wordBreak="break-all">
          {name}
        </Text>
        <HStack gap="2">
          <Text role="status" fontSize="sm" color={state === 'failed' ? 'fg.error' : 'fg.muted'}>
            {stateText}
          </Text>
          {actions}
        </HStack>
      </HStack>
      <Progress.Root value={value} size="xs" aria-label={name}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
