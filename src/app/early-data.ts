import { firstViewPage } from '../../domain/first-view';
import { parseCollectionId } from '../../domain/slug';
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

const COLLECTION = '/collection/';

/**
 * A collection opened by another spelling of its address (/collection/14, an old slug) shows
 * its canonical one from the start. The page would otherwise correct it once rendered, and that
 * navigation re-rendered the whole page a second time (issue 9: total blocking time).
 */
function takeCanonicalAddress(location: string | undefined): void {
  let current: string;
  try {
    current = decodeURI(window.location.pathname);
  } catch {
    return; // A malformed escape in the address: the page corrects it once rendered.
  }
  if (!location?.startsWith(COLLECTION) || !current.startsWith(COLLECTION)) return;
  const id = parseCollectionId(location.slice(COLLECTION.length));
  if (id === null || id !== parseCollectionId(current.slice(COLLECTION.length))) return;
  if (location === current) return;
  const { search, hash } = window.location;
  window.history.replaceState(window.history.state, '', encodeURI(location) + search + hash);
}

/** The answer server/first-view/ wrote into the page for `path`, taken out of the document. */
function answerInPage(path: string): string | null {
  const script = document.getElementById('first-view-data');
  if (!script) return null;
  script.remove();
  if (script.dataset.path !== path) return null;
  takeCanonicalAddress(script.dataset.location);
  return script.textContent;
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
