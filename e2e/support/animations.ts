/**
 * Runs in the page: waits until the finite animations in `root` (the whole document when
 * absent) have ended, 3 s at most. Endless ones, like spinners, are skipped. Passed whole to
 * `evaluate`, so it uses nothing from outside itself.
 */
export function animationsSettled(root?: Element): Promise<unknown> {
  const animations = root ? root.getAnimations({ subtree: true }) : document.getAnimations();
  const settling = animations
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined));
  return Promise.race([Promise.all(settling), new Promise((resolve) => setTimeout(resolve, 3000))]);
}
