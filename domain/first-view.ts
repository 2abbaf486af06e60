import { parseCollectionId } from './slug';

/**
 * The pages people open the app on, and the one GET each starts with. The server answers a
 * signed-in first visit of these pages with that answer and a drawing of the page's top inside
 * the HTML (server/first-view/); the client takes the answer from there, or else asks for it
 * as its entry script starts (src/app/early-data.ts).
 */
export interface FirstViewPage {
  kind: 'home' | 'collection';
  api: string;
}

/** The tiles of home's first row a phone shows without scrolling (140 px each). */
export const TILES_IN_FIRST_VIEW = 3;

export function firstViewPage(pathname: string): FirstViewPage | null {
  if (pathname === '/') return { kind: 'home', api: '/api/homepage' };
  const segment = /^\/collection\/([^/]+)\/?$/.exec(pathname)?.[1];
  const collectionId = segment === undefined ? null : parseCollectionId(segment);
  return collectionId === null
    ? null
    : { kind: 'collection', api: `/api/audio_collection/${collectionId}` };
}
