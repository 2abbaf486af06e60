import { Box, Center, chakra, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { LyricsLine } from '../../../../domain/lyrics';
import { useLyrics } from '../../../common/lyrics/get-lyrics';
import { getPlayerEngine } from '../engine/engine';
import { usePosition } from '../hooks/use-position';
import { currentLineIndex, mayFollow } from '../lyrics/current-line';
import { playerStrings as t } from '../strings';

/** Keys that scroll the box: pressing them is the reader taking over the scrolling. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);

function Notice({ children }: { children: string }) {
  return (
    <Center h="full" px="4" role="status">
      <Text color="fg.muted" textAlign="center">
        {children}
      </Text>
    </Center>
  );
}

/**
 * The full-screen player's lyrics (GET /api/lyrics/{fileId}), in a scrolling box of `height`.
 * Synced lyrics follow the playback; plain ones are text to scroll.
 */
export function LyricsPanel({ fileId, height }: { fileId: number; height: string }) {
  const query = useLyrics(fileId);
  let body;
  if (query.isPending && query.fetchStatus === 'paused') body = <Notice>{t.lyricsOffline}</Notice>;
  else if (query.isPending)
    body = (
      <Center h="full" role="status" aria-label={t.lyricsLoading}>
        <Spinner />
      </Center>
    );
  else if (query.isError) body = <Notice>{t.lyricsFailed}</Notice>;
  else if (query.data.lines.length === 0) body = <Notice>{t.noLyrics}</Notice>;
  else if (query.data.synced) body = <SyncedLyrics lines={query.data.lines} />;
  else
    body = (
      // Focusable, so the keyboard can scroll it (it holds no control of its own).
      <Box
        tabIndex={0}
        h="full"
        overflowY="auto"
        whiteSpace="pre-wrap"
        px="2"
        focusRing="inside"
        data-testid="lyrics-plain"
      >
        {query.data.lines.map((line) => line.text).join('\n')}
      </Box>
    );
  return (
    <Box
      as="section"
      aria-label={t.lyrics}
      h={height}
      borderRadius="l2"
      bg="bg.subtle"
      py="2"
      data-testid="lyrics"
    >
      {body}
    </Box>
  );
}

/**
 * Synced lyrics: the line being sung is marked (aria-current) and kept in the middle of the
 * box, unless the reader scrolled it in the last few seconds; a line is a button that seeks to
 * its start. The position comes from the player's 320 ms clock, like the time shown.
 */
function SyncedLyrics({ lines }: { lines: readonly LyricsLine[] }) {
  const position = usePosition();
  const current = currentLineIndex(lines, position * 1000);
  const box = useRef<HTMLDivElement>(null);
  const userScrolledAt = useRef(0);
  const taken = () => {
    userScrolledAt.current = Date.now();
  };

  useEffect(() => {
    const container = box.current;
    if (current < 0 || !container || !mayFollow(userScrolledAt.current, Date.now())) return;
    const line = container.querySelector<HTMLElement>(`[data-line="${current}"]`);
    if (!line) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // The box scrolls, never the page around it (scrollIntoView would move the dialog too).
    container.scrollTo({
      top: line.offsetTop - container.clientHeight / 2 + line.offsetHeight / 2,
      behavior: reduced ? 'auto' : 'smooth',
    });
  }, [current]);

  return (
    <Box
      ref={box}
      position="relative"
      h="full"
      overflowY="auto"
      px="2"
      onWheel={taken}
      onTouchMove={taken}
      // The scroll bar: a press on the box itself, not on a line.
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) taken();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (SCROLL_KEYS.has(event.key)) taken();
      }}
      data-testid="lyrics-synced"
    >
      {lines.map((line, index) => {
        const isCurrent = index === current;
        return (
          <chakra.button
            key={index}
            type="button"
            data-line={index}
            aria-current={isCurrent ? 'true' : undefined}
            display="block"
            w="full"
            textAlign="start"
            py="1.5"
            px="2"
            borderRadius="l1"
            cursor="pointer"
            fontSize="lg"
            fontWeight={isCurrent ? 'bold' : 'normal'}
            color={isCurrent ? 'fg' : 'fg.muted'}
            transition="color 0.2s"
            _hover={{ bg: 'bg.muted' }}
            focusRing="inside"
            onClick={() => getPlayerEngine().seek((line.startMs ?? 0) / 1000)}
          >
            {line.text || '\u266a'}
          </chakra.button>
        );
      })}
    </Box>
  );
}
