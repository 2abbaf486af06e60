import { Box, Flex } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useReducer, useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { waveformQuery } from '../api/get-waveform';
import { getPlayerEngine } from '../engine/engine';
import { drawWaveform } from '../engine/waveform-view';
import { durationAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';

/** Spec part 1, section 9: 100 bars of 0.1 until loaded; 30 ms redraw while dragging. */
const PLACEHOLDER = Array.from({ length: 100 }, () => 0.1);
const DRAG_REDRAW_MS = 30;
const HEIGHT = 96;

function Placeholder() {
  return (
    <Flex
      h={`${HEIGHT}px`}
      align="center"
      gap="1px"
      data-testid="waveform-placeholder"
      aria-hidden="true"
    >
      {PLACEHOLDER.map((value, i) => (
        <Box key={i} flex="1" h={`${value * 100}%`} bg="fg.subtle" borderRadius="xs" />
      ))}
    </Flex>
  );
}

/**
 * The server's peaks (drawn by the engine's waveform view). A click seeks proportionally; a
 * drag shows a preview position and seeks on release.
 */
export function Waveform({ fileId }: { fileId: number }) {
  const { data } = useQuery(waveformQuery(fileId));
  const duration = useAtomValue(durationAtom);
  const container = useRef<HTMLDivElement>(null);
  const [element, elementChanged] = useReducer((n: number) => n + 1, 0);
  const [preview, setPreview] = useState<number | null>(null);
  const drag = useRef<{ active: boolean; last: number }>({ active: false, last: 0 });

  useEffect(() => getPlayerEngine().onElementChange(elementChanged), []);
  useEffect(() => {
    if (!data || !container.current || !(duration > 0)) return;
    return drawWaveform(container.current, data.waveformData, duration, HEIGHT);
  }, [data, duration, element]);

  const fraction = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
  };
  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { active: true, last: Date.now() };
    setPreview(fraction(event));
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current.active || Date.now() - drag.current.last < DRAG_REDRAW_MS) return;
    drag.current.last = Date.now();
    setPreview(fraction(event));
  };
  const onUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current.active) return;
    drag.current.active = false;
    setPreview(null);
    getPlayerEngine().seek(fraction(event) * duration);
  };

  return (
    <Box
      position="relative"
      role="slider"
      aria-label={t.waveform}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      // A slider must always have a value (axe, WCAG 4.1.2): the drag preview, else where the
      // engine was at this render (the waveform draws progress itself, without re-renders).
      aria-valuenow={Math.round(preview === null ? getPlayerEngine().position : preview * duration)}
      tabIndex={0}
      cursor="pointer"
      touchAction="none"
      data-testid="waveform"
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onKeyDown={(event) => {
        const engine = getPlayerEngine();
        if (event.key === 'ArrowRight') engine.seek(engine.position + 5);
        if (event.key === 'ArrowLeft') engine.seek(engine.position - 5);
      }}
    >
      {data ? <Box ref={container} h={`${HEIGHT}px`} /> : <Placeholder />}
      {preview !== null ? (
        <Box
          position="absolute"
          top="0"
          bottom="0"
          left="0"
          w={`${preview * 100}%`}
          bg="whiteAlpha.300"
          borderRightWidth="2px"
          borderColor="brand.solid"
          pointerEvents="none"
        />
      ) : null}
    </Box>
  );
}
