import { firstViewPage } from '../../domain/first-view';
import { firstViewCovers } from '../features/home/first-view';
import { preloadCover } from '../lib/cover-url';
import { provideEarlyResponse, startEarlyResponse } from '../lib/early-response';

/**
 * The pages people open the app on ask for their data, and then for their covers, as the entry
 * script starts, not after the router, the page's code (some forty chunks) and its first render
 * (issue 9: on home and the collection page the cover was the largest paint, and it waited for
 * all of that). When the server already put the answer in the page (server/first-view/, a
 * signed-in visit that reached the server rather than the service worker), no request is made.
 * The page's own query takes the answer (api-client) and checks it as usual.
 */
interface Plan {
  path: string;
  covers(answer: unknown): { hash: string; thumb: boolean }[];
}

export function planFor(pathname: string): Plan | null {
  const page = firstViewPage(pathname);
  if (!page) return null;
  if (page.kind === 'home') {
    return {
      path: page.api,
      covers: (answer) => firstViewCovers(answer).map((hash) => ({ hash, thumb: true })),
    };
  }
  return {
    path: page.api,
    covers: (answer) => {
      const hash = (answer as { collection?: { collectionImageHash?: unknown } } | null)?.collection
        ?.collectionImageHash;
      return typeof hash === 'string' && hash !== '' ? [{ hash, thumb: false }] : [];
    },
  };
}

/** The answer server/first-view/ wrote into the page for `path`, taken out of the document. */
function answerInPage(path: string): string | null {
  const script = document.getElementById('first-view-data');
  if (!script) return null;
  script.remove();
  return script.dataset.path === path ? script.textContent : null;
}

export function startEarlyData(pathname = window.location.pathname): void {
  const plan = planFor(pathname);
  if (!plan) return;
  const inPage = answerInPage(plan.path);
  if (inPage !== null) {
    // The drawing in the boot screen already asked for the covers.
    provideEarlyResponse(plan.path, inPage);
    return;
  }
  startEarlyResponse(plan.path)
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((answer: unknown) => {
      for (const { hash, thumb } of plan.covers(answer)) preloadCover(hash, thumb);
    })
    .catch(() => undefined);
}
