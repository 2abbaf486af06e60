import { useEffect } from 'react';
import { getPlayerEngine } from '../engine/engine';
import { SEEK_STEP_SECONDS, shortcutFor, type ShortcutAction } from '../shortcuts/shortcut-keys';

// The shell's header search; found by its landmark so the player imports no other feature.
const SEARCH_FIELD = 'form[role="search"] input';

function perform(action: ShortcutAction, openHelp: () => void): void {
  const engine = getPlayerEngine();
  switch (action) {
    case 'toggle':
      engine.toggle();
      return;
    case 'seekBack':
      engine.seek(engine.position - SEEK_STEP_SECONDS);
      return;
    case 'seekForward':
      engine.seek(engine.position + SEEK_STEP_SECONDS);
      return;
    case 'previous':
      engine.previous();
      return;
    case 'next':
      engine.next();
      return;
    case 'mute':
      engine.toggleMute();
      return;
    case 'search':
      document.querySelector<HTMLInputElement>(SEARCH_FIELD)?.focus();
      return;
    case 'help':
      openHelp();
      return;
  }
}

/** The page-wide player shortcuts (see shortcut-keys.ts for when a key is left alone). */
export function usePlayerShortcuts(openHelp: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = shortcutFor({
        key: event.key,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: target && {
          tagName: target.tagName,
          isContentEditable: target.isContentEditable,
          role: target.getAttribute('role'),
        },
      });
      if (!action) return;
      // Space would scroll the page and '/' would type into the search it focuses.
      event.preventDefault();
      perform(action, openHelp);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [openHelp]);
}
