import createCache, { type EmotionCache } from '@emotion/cache';
import { StyleSheet } from '@emotion/sheet';

/**
 * Emotion's sheet, except that the rules of each task go into a `<style>` element of their own
 * (decision 0038). Chakra writes most rules inside `@layer` or `@media`; when such a rule is
 * added to a sheet the browser has already applied, Blink cannot tell which elements it touches
 * and restyles the whole document: every page, dialog or menu that mounted re-matched all ~500
 * elements (about 10 ms on this machine, four times that on a phone). A sheet that is new since
 * the last style update is matched against its own rules only.
 */
export class TaskSheet extends StyleSheet {
  private open = false;

  override insert(rule: string): void {
    if (!this.open) {
      this.open = true;
      // Emotion starts a new element whenever its counter is a multiple of the tag size.
      this.ctr = 0;
      queueMicrotask(() => {
        this.open = false;
      });
    }
    super.insert(rule);
  }
}

/** The cache Chakra's components write their styles through (key `css`, as Emotion's default). */
export function createStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  const { container, nonce, isSpeedy, prepend, insertionPoint } = cache.sheet;
  cache.sheet = new TaskSheet({
    key: cache.key,
    container,
    nonce,
    speedy: isSpeedy,
    prepend,
    insertionPoint,
  });
  return cache;
}
