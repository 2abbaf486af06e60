import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CollectionMeta, PostActionContext } from '../../server/node/contracts';
import { testFfmpeg } from '../helpers/ffmpeg';

const run = promisify(execFile);

export async function scratchDir(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'post-actions-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs the test ffmpeg with a lavfi source into `out`; `args` go between input and output. */
export async function generate(source: string, out: string, args: string[] = []): Promise<string> {
  await run(testFfmpeg(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source],
    ...args,
    out,
  ]);
  return out;
}

/** A click track: a 30 ms 1 kHz beep on every beat, so its tempo is known exactly. */
export const clickTrack = (bpm: number, seconds = 20) =>
  `aevalsrc='if(lt(mod(t,60/${bpm}),0.03),sin(2*PI*1000*t),0)':d=${seconds}:s=44100`;

export const noise = (seconds: number) => `anoisesrc=d=${seconds}:c=pink:a=0.3`;

export function actionContext(meta: CollectionMeta = { name: null }) {
  const lines: string[] = [];
  const ctx: PostActionContext = {
    log: (line) => lines.push(line),
    meta,
    signal: new AbortController().signal,
  };
  return { ctx, lines };
}
