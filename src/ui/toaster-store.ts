import { createToaster } from '@chakra-ui/react';

/** Chakra's `md` breakpoint: below it the layout is the phone's. */
const PHONE_QUERY = '(max-width: 47.99em)';
const onPhone = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches === true;

/**
 * The single toaster of the app; rendered by `<Toaster />` from `src/ui/toaster.tsx`, which
 * hands it to `src/lib/notify.ts`. Loaded with the Toaster beside the theme, not in the first
 * load.
 */
export const toaster = createToaster({
  placement: onPhone() ? 'bottom' : 'top-end',
  // Below the sticky header (and the offline banner; --shell-top is set by the shell), so a
  // toast never covers the menu, search or account buttons.
  offsets: {
    top: 'calc(var(--shell-top, 56px) + 0.5rem)',
    right: '1rem',
    bottom: 'calc(var(--toast-bottom, 0px) + 1rem)',
    left: '1rem',
  },
  pauseOnPageIdle: true,
  max: 5,
});
