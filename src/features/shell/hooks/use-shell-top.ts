import { useCallback } from 'react';
import { HEADER_HEIGHT } from '../components/app-header';

/** The height of the sticky top (banner + header): fixed panels such as the drawer start below it. */
export const SHELL_TOP = `var(--shell-top, ${HEADER_HEIGHT})`;

/**
 * Measures the sticky top and publishes it as --shell-top on the document, so a banner that
 * appears (offline) pushes the drawer down with the header instead of covering either, and
 * toasts (src/lib/notify.ts) start below it.
 */
export function useShellTop() {
  return useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    const root = document.documentElement;
    // The observer reports the size once after the first layout, then on every change. Reading
    // offsetHeight here instead forced a layout of the whole page inside React's commit.
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize;
      if (height === undefined) return;
      // A custom property set on <html> restyles every element, so it is written only when
      // the top differs from what the page already uses (the header alone, at first).
      const value = `${height}px`;
      const current = root.style.getPropertyValue('--shell-top') || HEADER_HEIGHT;
      if (value !== current) root.style.setProperty('--shell-top', value);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--shell-top');
    };
  }, []);
}
