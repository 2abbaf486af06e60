import { Box, CloseButton, Dialog, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { DialogShell } from '../../../ui/dialog-shell';
import { NowPlayingMark } from '../../../ui/now-playing-mark';
import { getPlayerEngine } from '../engine/player-engine';
import { indexAtom, pausedAtom, queueAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';
import { Cover } from './cover';
import { QueueIcon } from './player-icons';
import { NormaliseButton } from './normalise-button';
import { RepeatButton } from './transport';

/** The queue: covers, titles, artists; click jumps, non-current items can be removed. */
export function QueueDialog() {
  const queue = useAtomValue(queueAtom);
  const current = useAtomValue(indexAtom);
  const paused = useAtomValue(pausedAtom);
  const engine = getPlayerEngine();
  const [open, setOpen] = useState(false);
  return (
    <DialogShell
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      placement="top"
      scrollBehavior="inside"
      size={{ base: 'full', md: 'md' }}
      trigger={
        <IconButton aria-label={t.queue} variant="ghost">
          <QueueIcon />
        </IconButton>
      }
    >
      <Dialog.Header>
        <HStack justify="space-between" w="full" pr="8">
          <Dialog.Title>{t.queueTitle}</Dialog.Title>
          <HStack gap="1">
            <NormaliseButton />
            <RepeatButton />
          </HStack>
        </HStack>
      </Dialog.Header>
      <Dialog.Body>
        <Stack as="ol" gap="1" listStyleType="none" data-testid="queue-list">
          {queue.map((track, index) => (
            <HStack
              as="li"
              key={`${index}-${track.url}`}
              gap="3"
              p="1"
              borderRadius="md"
              bg={index === current ? 'bg.emphasized' : undefined}
              aria-current={index === current ? 'true' : undefined}
            >
              <Box
                as="button"
                flex="1"
                minW="0"
                display="flex"
                gap="3"
                alignItems="center"
                textAlign="start"
                cursor="pointer"
                onClick={() => engine.jump(index)}
              >
                <Cover track={track} size="40px" />
                <Box minW="0">
                  <HStack gap="2" minW="0">
                    {index === current ? (
                      <NowPlayingMark label={t.nowPlaying} paused={paused} />
                    ) : null}
                    <Text truncate fontWeight="medium">
                      {track.title}
                    </Text>
                  </HStack>
                  <Text truncate textStyle="sm" color="fg.muted">
                    {track.artists.join(', ')}
                  </Text>
                </Box>
              </Box>
              {index !== current ? (
                <CloseButton
                  size="sm"
                  aria-label={t.remove(track.title)}
                  onClick={() => engine.remove(index)}
                />
              ) : null}
            </HStack>
          ))}
        </Stack>
      </Dialog.Body>
    </DialogShell>
  );
}
