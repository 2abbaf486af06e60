/** What a player keyboard shortcut does (the issue 10 list; shown in the shortcuts dialog). */
export type ShortcutAction =
  'toggle' | 'seekBack' | 'seekForward' | 'previous' | 'next' | 'mute' | 'search' | 'help';

/** Seconds moved by the arrow keys, on the page and on the seek bar alike. */
export const SEEK_STEP_SECONDS = 5;

/** The parts of a focused element that decide whether a key belongs to it. */
export interface KeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
  role?: string | null;
}

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: KeyTarget | null;
}

const TEXT_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
// Space (and Enter) activate these; the page must not also toggle playback.
const ACTIVATED_TAGS = new Set(['BUTTON', 'A', 'SUMMARY']);
const ACTIVATED_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'switch',
  'radio',
  'menuitem',
  'option',
  'tab',
]);
// Arrow keys already mean something on these widgets.
const ARROW_ROLES = new Set(['slider', 'listbox', 'menu', 'menuitem', 'tablist', 'tab', 'radio']);

function isTyping(target: KeyTarget): boolean {
  return TEXT_TAGS.has(target.tagName?.toUpperCase() ?? '') || target.isContentEditable === true;
}

function activates(target: KeyTarget): boolean {
  return (
    ACTIVATED_TAGS.has(target.tagName?.toUpperCase() ?? '') ||
    ACTIVATED_ROLES.has(target.role ?? '')
  );
}

/**
 * Which shortcut a key press means, or null when it is not one: never while typing in a text
 * field or editable area, never with ctrl/meta/alt held (those belong to the browser and OS),
 * space not on a control it activates, arrows not on widgets that use them.
 */
export function shortcutFor(input: KeyInput): ShortcutAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  const target = input.target ?? {};
  if (isTyping(target)) return null;
  const arrowsTaken = ARROW_ROLES.has(target.role ?? '');
  switch (input.key) {
    case ' ':
    case 'Spacebar':
      return activates(target) ? null : 'toggle';
    case 'ArrowLeft':
      if (arrowsTaken) return null;
      return input.shiftKey ? 'previous' : 'seekBack';
    case 'ArrowRight':
      if (arrowsTaken) return null;
      return input.shiftKey ? 'next' : 'seekForward';
    case 'm':
    case 'M':
      return 'mute';
    case '/':
      return 'search';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** The rows of the shortcuts dialog, in the order shown. */
export const SHORTCUT_KEYS: ReadonlyArray<{ keys: string[]; action: ShortcutAction }> = [
  { keys: ['Space'], action: 'toggle' },
  { keys: ['←'], action: 'seekBack' },
  { keys: ['→'], action: 'seekForward' },
  { keys: ['Shift', '←'], action: 'previous' },
  { keys: ['Shift', '→'], action: 'next' },
  { keys: ['M'], action: 'mute' },
  { keys: ['/'], action: 'search' },
  { keys: ['?'], action: 'help' },
];
