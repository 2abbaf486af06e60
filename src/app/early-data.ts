import { parseCollectionId } from '../../domain/slug';
import { firstViewCovers } from '../features/home/first-view';
import { preloadCover } from '../lib/cover-url';
import { startEarlyResponse } from '../lib/early-response';

/**
 * The pages people open the app on ask for their data, and then for their covers, as the entry
 * script starts, not after the router, the page's code (some forty chunks) and its first render
 * (issue 9: on home and the collection page the cover was the largest paint, and it waited for
 * all of that). The page's own query takes the answer (api-client) and checks it as usual.
 */
interface Plan {
  path: string;
  covers(answer: unknown): { hash: string; thumb: boolean }[];
}

export function planFor(pathname: string): Plan | null {
  if (pathname === '/') {
    return {
      path: '/api/homepage',
      covers: (answer) => firstViewCovers(answer).map((hash) => ({ hash, thumb: true })),
    };
  }
  const segment = /^\/collection\/([^/]+)\/?$/.exec(pathname)?.[1];
  const collectionId = segment === undefined ? null : parseCollectionId(segment);
  if (collectionId === null) return null;
  return {
    path: `/api/audio_collection/${collectionId}`,
    covers: (answer) => {
      const hash = (answer as { collection?: { collectionImageHash?: unknown } } | null)?.collection
        ?.collectionImageHash;
      return typeof hash === 'string' && hash !== '' ? [{ hash, thumb: false }] : [];
    },
  };
}

export function startEarlyData(pathname = window.location.pathname): void {
  const plan = planFor(pathname);
  if (!plan) return;
  startEarlyResponse(plan.path)
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((answer: unknown) => {
      for (const { hash, thumb } of plan.covers(answer)) preloadCover(hash, thumb);
    })
    .catch(() => undefined);
}
