import {
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  IconButton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { DragHandleIcon } from '../../../ui/action-icons';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DialogShell } from '../../../ui/dialog-shell';
import { NowPlayingMark } from '../../../ui/now-playing-mark';
import { getPlayerEngine } from '../engine/engine';
import { indexAtom, pausedAtom, queueAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';
import { Cover } from './cover';
import { QueueIcon } from './player-icons';
import { CrossfadeSelect } from './crossfade-select';
import { GaplessSelect } from './gapless-select';
import { NormaliseButton } from './normalise-button';
import { RepeatButton } from './transport';
import { RadioControls } from './radio-controls';
import { PartySection } from '../party/party-section';
import { useReorder } from '../../../ui/use-reorder';

/**
 * The queue: covers, titles, artists; click jumps, non-current items can be removed, any item
 * can be moved by its handle (drag or arrow keys), and the whole queue cleared after a question.
 */
export function QueueDialog() {
  const queue = useAtomValue(queueAtom);
  const current = useAtomValue(indexAtom);
  const paused = useAtomValue(pausedAtom);
  const engine = getPlayerEngine();
  const [open, setOpen] = useState(false);
  const [clearing, setClearing] = useState(false);
  const reorder = useReorder({
    count: queue.length,
    onMove: (from, to) => engine.move(from, to),
    describe: (to, count) => t.moved(to + 1, count),
  });
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
        <VisuallyHidden aria-live="polite">{reorder.announcement}</VisuallyHidden>
        <Stack
          as="ol"
          gap="1"
          listStyleType="none"
          data-testid="queue-list"
          ref={(node: HTMLElement | null) => {
            reorder.listRef.current = node;
          }}
        >
          {queue.map((track, index) => (
            <HStack
              as="li"
              key={`${index}-${track.url}`}
              data-reorder-index={index}
              gap="1"
              p="1"
              borderRadius="md"
              bg={index === current ? 'bg.emphasized' : undefined}
              outline={reorder.drag?.over === index ? '2px solid' : undefined}
              outlineColor="colorPalette.solid"
              colorPalette="brand"
              opacity={reorder.drag?.from === index ? 0.6 : undefined}
              aria-current={index === current ? 'true' : undefined}
            >
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={t.move(track.title)}
                {...reorder.handleProps(index)}
              >
                <DragHandleIcon />
              </IconButton>
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
      <Dialog.Footer justifyContent="space-between" alignItems="end" flexWrap="wrap" gap="3">
        <HStack gap="4" align="start" wrap="wrap" data-testid="playback-settings">
          <GaplessSelect />
          <CrossfadeSelect />
        </HStack>
        <RadioControls />
        <PartySection onOpenPage={() => setOpen(false)} />
        <Button variant="outline" colorPalette="red" size="sm" onClick={() => setClearing(true)}>
          {t.clearQueue}
        </Button>
      </Dialog.Footer>
      <ConfirmDialog
        open={clearing}
        title={t.clearQueueTitle}
        body={t.clearQueueBody}
        confirmLabel={t.clearQueueConfirm}
        cancelLabel={t.cancel}
        onClose={() => setClearing(false)}
        onConfirm={() => {
          setClearing(false);
          setOpen(false);
          engine.stop();
        }}
      />
    </DialogShell>
  );
}
