import { firstViewPage } from '../../domain/first-view';

/** The page the app was opened on: a first view belongs to that page only. */
const pageOf = (pathname: string) => firstViewPage(pathname)?.api ?? pathname;
const openedOn = typeof window === 'undefined' ? '' : pageOf(window.location.pathname);

/**
 * Removes the boot screen `index.html` paints before any script runs. When the server drew the
 * page's top into it (a first view, server/first-view/), the shell's arrival is not enough:
 * the page removes it once its own content is on screen (`PageDrawn`), or any other page does
 * as soon as the shell is there.
 */
export function removeBootScreen(by: 'shell' | 'page' = 'page'): void {
  const boot = document.getElementById('boot');
  if (!boot) return;
  const holdsFirstView = boot.querySelector('.boot-page') !== null;
  if (by === 'shell' && holdsFirstView && pageOf(window.location.pathname) === openedOn) return;
  boot.remove();
}
