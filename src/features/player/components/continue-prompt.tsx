import { Button, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { formatDuration } from '../../../../domain/format';
import {
  offersSavedQueue,
  savedQueueStart,
  type SavedPlayQueue,
} from '../../../../domain/play-queue';
import { entryTracks } from '../../../common/playlists/entry-tracks';
import { savedPlayQueueQuery } from '../api/saved-play-queue';
import { currentTrackAtom, queueAtom } from '../state/player-atoms';
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

/** The saved entries as player tracks (they are playlist entries in shape). */
const tracksOf = (saved: SavedPlayQueue) => entryTracks(saved.entries);

/**
 * "Continue where you left off": when a phone or desktop app saved a play queue (Subsonic
 * savePlayQueue) that differs from what this player holds, offers to load it here at the same
 * track and position, paused like a restored queue.
 */
export default function ContinuePrompt() {
  const { data } = useQuery(savedPlayQueueQuery());
  const queue = useAtomValue(queueAtom);
  const current = useAtomValue(currentTrackAtom);
  const [handled, setHandled] = useState(readHandled);
  const saved = data?.playQueue ?? null;
  const held = {
    fileIds: queue.map((track) => track.fileId),
    currentFileId: current?.fileId ?? null,
  };
  if (saved === null || !offersSavedQueue(saved, held, handled)) return null;

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
      bottom={current ? { base: '136px', md: '72px' } : '2'}
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
