import { Button, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { formatDuration } from '../../../../domain/format';
import {
  offersSavedQueue,
  savedQueueStart,
  type SavedPlayQueue,
} from '../../../../domain/play-queue';
import { entryTracks } from '../../../common/playlists/entry-tracks';
import { savedPlayQueueQuery } from '../api/saved-play-queue';
import { currentTrackAtom, pausedAtom, queueAtom } from '../state/player-atoms';
import { PLAYER_BAR_HEIGHT_PX } from './player-bar-props';
import { playerStrings as t } from '../strings';

/** The changedAt of the last saved queue taken or dismissed here: it is not offered again. */
const HANDLED_KEY = 'play-queue-handled';

function readHandled(): string | null {
  try {
    return localStorage.getItem(HANDLED_KEY);
  } catch {
    return null;
  }
}

function writeHandled(changedAt: string): void {
  try {
    localStorage.setItem(HANDLED_KEY, changedAt);
  } catch {
    // Private mode or a full quota: it is dismissed for this visit only.
  }
}

/** Space left between the prompt and the player bar's top edge. */
const GAP_PX = 8;

/** The saved entries as player tracks (they are playlist entries in shape). */
const tracksOf = (saved: SavedPlayQueue) => entryTracks(saved.entries);

/**
 * "Continue where you left off": when a phone or desktop app saved a play queue (Subsonic
 * savePlayQueue) that differs from what this player holds, offers to load it here at the same
 * track and position, paused like a restored queue. Playing anything on this device answers
 * it (this device is where the listener is), so it goes away then.
 */
export default function ContinuePrompt() {
  const { data } = useQuery(savedPlayQueueQuery());
  const queue = useAtomValue(queueAtom);
  const current = useAtomValue(currentTrackAtom);
  const paused = useAtomValue(pausedAtom);
  const [handled, setHandled] = useState(readHandled);
  const saved = data?.playQueue ?? null;
  const held = {
    fileIds: queue.map((track) => track.fileId),
    currentFileId: current?.fileId ?? null,
  };
  const offered = saved !== null && offersSavedQueue(saved, held, handled);
  const changedAt = saved?.changedAt ?? null;
  useEffect(() => {
    if (!offered || paused || changedAt === null) return;
    writeHandled(changedAt);
    setHandled(changedAt);
  }, [offered, paused, changedAt]);
  if (saved === null || !offered) return null;

  const start = savedQueueStart(saved);
  const title = saved.entries[start.index]?.audio.audioTitle ?? '';
  const done = () => {
    writeHandled(saved.changedAt);
    setHandled(saved.changedAt);
  };
  const accept = async () => {
    done();
    const { getPlayerEngine } = await import('../engine/engine');
    getPlayerEngine().cueTracks(tracksOf(saved), start.index, start.seconds);
  };

  return (
    <HStack
      role="status"
      data-testid="continue-queue"
      position="fixed"
      right="2"
      // Above the player bar at every width (its heights are one definition), never over it.
      bottom={
        current
          ? {
              base: `${PLAYER_BAR_HEIGHT_PX.base + GAP_PX}px`,
              md: `${PLAYER_BAR_HEIGHT_PX.md + GAP_PX}px`,
            }
          : '2'
      }
      zIndex="toast"
      maxW="calc(100vw - 16px)"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="md"
      shadow="lg"
      px="3"
      py="2"
      gap="3"
    >
      <Text textStyle="sm">
        {t.continueHere(title, saved.changedBy, formatDuration(start.seconds))}
      </Text>
      <Button size="xs" colorPalette="brand" onClick={() => void accept()}>
        {t.continueAccept}
      </Button>
      <Button size="xs" variant="ghost" onClick={done}>
        {t.continueDismiss}
      </Button>
    </HStack>
  );
}
