/** Notification durations (spec part 1, section 9). */
export const NOTIFY_DEFAULT_MS = 5000;
export const NOTIFY_SUCCESS_MS = 5000;
export const NOTIFY_ERROR_MS = 3000;

/**
 * On a phone a toast at the top covers the page's heading and first field (the sign-in form's
 * "Login" under "Please login to access this page!"), so there toasts sit at the bottom, above
 * the player bar when one is showing (`--toast-bottom`, measured when a toast is made). On
 * wider screens the top-right corner below the sticky header is free.
 */
function keepClearOfPlayer(): void {
  if (typeof document === 'undefined') return;
  const bar = document.querySelector('[data-testid="player-bar"]');
  const height = bar === null ? 0 : Math.round(bar.getBoundingClientRect().height);
  document.documentElement.style.setProperty('--toast-bottom', `${height}px`);
}

interface Notice {
  title: string;
  description?: string;
  type: 'success' | 'error' | 'info';
  duration: number;
}

/** What shows a notice: the toaster's store (src/ui/toaster-store.ts). */
export interface NoticeTarget {
  create(notice: Notice): unknown;
}

/** Notices raised before the Toaster arrived; a few at most (the toaster keeps 5). */
const MAX_WAITING = 5;
let target: NoticeTarget | null = null;
const waiting: Notice[] = [];
let onWaiting: (() => void) | null = null;

/**
 * The toaster's store comes with the <Toaster /> that shows it, which src/app/providers.tsx
 * mounts when the first notice is raised (mounting Chakra's toast group and subscribing it to
 * the store was one of the longest tasks of a first page that never shows a notice). The
 * mounted Toaster hands its store here once it listens, and the notices raised before that show
 * then: none is lost, offline either.
 */
export function attachToaster(store: NoticeTarget): void {
  target = store;
  for (const notice of waiting.splice(0)) store.create(notice);
}

/**
 * Calls `listener` when a notice waits for a Toaster (at once if one already does); a microtask
 * later, so a notice raised while React renders does not update another component mid-render.
 */
export function whenNoticeWaits(listener: () => void): () => void {
  onWaiting = listener;
  if (waiting.length > 0) queueMicrotask(listener);
  return () => {
    if (onWaiting === listener) onWaiting = null;
  };
}

function show(notice: Notice): void {
  keepClearOfPlayer();
  if (target !== null) {
    target.create(notice);
    return;
  }
  if (waiting.length < MAX_WAITING) waiting.push(notice);
  const listener = onWaiting;
  if (listener !== null) queueMicrotask(listener);
}

interface NotifyOptions {
  description?: string;
  duration?: number;
}

/** Green, 5 s by default. */
export function notifySuccess(title: string, options: NotifyOptions = {}): void {
  show({
    title,
    description: options.description,
    type: 'success',
    duration: options.duration ?? NOTIFY_SUCCESS_MS,
  });
}

/** Red, 3 s by default. */
export function notifyError(title: string, options: NotifyOptions = {}): void {
  show({
    title,
    description: options.description,
    type: 'error',
    duration: options.duration ?? NOTIFY_ERROR_MS,
  });
}

/** Neutral, 5 s by default. */
export function notify(title: string, options: NotifyOptions = {}): void {
  show({
    title,
    description: options.description,
    type: 'info',
    duration: options.duration ?? NOTIFY_DEFAULT_MS,
  });
}
