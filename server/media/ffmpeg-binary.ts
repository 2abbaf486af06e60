import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

let resolved: string | undefined;

/** The system ffmpeg when it is on PATH (faster, newer), else the one shipped by npm. */
export function ffmpegPath(): string {
  if (resolved) return resolved;
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    resolved = 'ffmpeg';
  } catch {
    const require = createRequire(import.meta.url);
    resolved = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  }
  return resolved;
}
