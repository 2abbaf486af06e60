import type { ChildProcess } from 'node:child_process';

/** How long ffmpeg may produce nothing, while nobody holds it back, before it is killed. */
export const FFMPEG_STALL_MS = 60_000;

/**
 * Kills a child that stops making progress: its output measure (bytes sent, or the size of the
 * file it writes) has not grown for `stallMs` while `heldBack()` was false (a listener that
 * paused and stopped reading holds a live transcode back; that is not a hang). A hung ffmpeg
 * (a source on a dead network mount, a stuck decoder) would otherwise keep its process slot and
 * its listener waiting forever (issue 31 §3). Answers the function that stops watching.
 */
export function killWhenStalled(
  child: ChildProcess,
  progress: () => Promise<number> | number,
  stallMs: number,
  heldBack: () => boolean = () => false,
): () => void {
  let last = -1;
  let quietSince = Date.now();
  let checking = false;
  const timer = setInterval(
    () => {
      if (checking) return;
      checking = true;
      void Promise.resolve()
        .then(progress)
        .catch(() => last)
        .then((now) => {
          checking = false;
          if (now !== last || heldBack()) {
            last = now;
            quietSince = Date.now();
          } else if (Date.now() - quietSince >= stallMs) {
            clearInterval(timer);
            child.kill('SIGKILL');
          }
        });
    },
    Math.max(50, Math.floor(stallMs / 8)),
  );
  timer.unref();
  const stop = () => clearInterval(timer);
  child.once('close', stop);
  return stop;
}
