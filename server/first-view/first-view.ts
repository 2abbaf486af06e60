import type { FastifyInstance } from 'fastify';
import type { Collection } from '../../domain/collection';
import { firstViewPage } from '../../domain/first-view';
import type { Homepage } from '../../domain/homepage';
import { collectionPath } from '../../domain/slug';
import type { Sessions } from '../plugins/session';
import type { FirstViewShell } from '../plugins/static-client';
import { collectionPreview, dataScript, homePreview } from './render';

/** index.html marks the boot screen's middle, which a first view replaces. */
const START = '<!--first-view-->';
const END = '<!--/first-view-->';

/**
 * A signed-in first visit of home or a collection page gets, inside index.html, the answer of
 * the page's first GET and a drawing of the page's top (cover, name, first row of tiles), so a
 * phone shows the page's cover before the app's code has arrived (issue 9: the cover waited
 * for some forty chunks and the first render). The answer comes from the API route itself,
 * through its session and access checks: a caller who may not see a collection gets the plain
 * shell, exactly as for a collection that does not exist.
 */
export function firstViewShell(app: FastifyInstance, sessions: Sessions): FirstViewShell {
  return async (request, readShell) => {
    if (request.method !== 'GET') return null;
    const page = firstViewPage(new URL(request.url, 'http://host').pathname);
    if (!page) return null;
    const auth = await sessions.get(request);
    if (!auth) return null;
    const answer = await app.inject({
      method: 'GET',
      url: page.api,
      headers: {
        cookie: request.headers.cookie ?? '',
        accept: 'application/json',
        'accept-encoding': 'identity',
      },
      remoteAddress: request.ip,
    });
    if (answer.statusCode !== 200) return null;
    // Read per visit, like the plain shell: a rebuild must not leave old asset names in it.
    const shell = await readShell();
    const start = shell.indexOf(START);
    const end = shell.indexOf(END);
    if (start < 0 || end < start) return null;
    try {
      let drawing: string;
      let location: string | undefined;
      if (page.kind === 'home') {
        drawing = homePreview(answer.json<Homepage>(), auth.user.user_name);
      } else {
        const { collection } = answer.json<{ collection: Collection }>();
        drawing = collectionPreview(collection);
        location = collectionPath(collection.collectionId, collection.collectionName);
      }
      return (
        shell.slice(0, start) +
        dataScript(page.api, answer.body, location) +
        drawing +
        shell.slice(end + END.length)
      );
    } catch (err) {
      // The page still works from the plain shell; a drawing is never worth a failed page.
      request.log.warn({ err }, 'first view: could not draw the page');
      return null;
    }
  };
}
