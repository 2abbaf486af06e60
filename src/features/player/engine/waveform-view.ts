import WaveSurfer from 'wavesurfer.js';
import { getPlayerEngine } from './engine';

/**
 * The server's peaks drawn by wavesurfer, bound to the engine's own audio element: no second
 * download and no decoding. Only the engine touches the element and wavesurfer (lint zone), so
 * the waveform component asks for a drawing here and gets back the call that removes it.
 * wavesurfer's own interaction is off: it seeks while dragging, the component on release.
 */
export function drawWaveform(
  container: HTMLElement,
  peaks: number[],
  duration: number,
  height: number,
): () => void {
  const wavesurfer = WaveSurfer.create({
    container,
    media: getPlayerEngine().element,
    peaks: [peaks],
    duration,
    interact: false,
    height,
    barWidth: 2,
    barGap: 1,
    barRadius: 1,
    cursorWidth: 0,
    waveColor: '#71717a',
    progressColor: '#a78bfa',
  });
  return () => wavesurfer.destroy();
}
