import { useMemo } from 'react';
import type { TouchEvent } from 'react';

/** Spec part 1, section 9: a vertical drag over 32 px stops; the reference resets every 500 ms. */
export const STOP_DRAG_PX = 32;
export const DRAG_RESET_MS = 500;

/** Touch handlers for the player bar: a quick vertical swipe stops the player. */
export function useTouchStop(onStop: () => void) {
  return useMemo(() => {
    let reference: { y: number; at: number } | null = null;
    return {
      onTouchStart: (event: TouchEvent) => {
        const touch = event.touches[0];
        reference = touch ? { y: touch.clientY, at: Date.now() } : null;
      },
      onTouchMove: (event: TouchEvent) => {
        const touch = event.touches[0];
        if (!touch || !reference) return;
        const now = Date.now();
        // A slow drag keeps moving the reference, so only a quick swipe stops the player.
        if (now - reference.at > DRAG_RESET_MS) reference = { y: touch.clientY, at: now };
        else if (Math.abs(touch.clientY - reference.y) > STOP_DRAG_PX) {
          reference = null;
          onStop();
        }
      },
      onTouchEnd: () => {
        reference = null;
      },
    };
  }, [onStop]);
}
