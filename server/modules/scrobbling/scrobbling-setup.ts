import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { openSecretBox } from '../../security/secret-box';
import { LastfmClient } from './lastfm-client';
import { ListenBrainzClient } from './listenbrainz-client';
import { ListensService } from './listens.service';
import type { ScrobbleClient } from './scrobble-client';
import { ScrobbleWorker } from './scrobble-worker';
import { ScrobblingService } from './scrobbling.service';

export interface Scrobbling {
  listens: ListensService;
  accounts: ScrobblingService;
  worker: ScrobbleWorker;
}

/**
 * Builds the scrobbling module once per app: the service clients from the configured addresses,
 * the worker that sends the outbox, the intake every play goes through. The caller starts the
 * worker once the app is ready and stops it on close.
 */
export async function createScrobbling(
  deps: Pick<AppDeps, 'config' | 'db' | 'dialect' | 'settings' | 'repositories'>,
  log: FastifyBaseLogger,
): Promise<Scrobbling> {
  const { scrobbling } = deps.config;
  const box = await openSecretBox(deps.config);
  const repo = deps.repositories.scrobbling;
  const listenbrainz = new ListenBrainzClient(scrobbling.listenbrainzUrl);
  const lastfm =
    scrobbling.lastfm === null
      ? null
      : new LastfmClient(scrobbling.lastfmUrl, scrobbling.lastfm, scrobbling.retryMs);
  const clients: ScrobbleClient[] = lastfm === null ? [listenbrainz] : [listenbrainz, lastfm];
  const worker = new ScrobbleWorker(repo, clients, box, scrobbling.retryMs, log);
  const wake = () => worker.wake();
  return {
    worker,
    listens: new ListensService(deps, repo, clients, box, wake, log),
    accounts: new ScrobblingService(
      repo,
      box,
      listenbrainz,
      lastfm,
      scrobbling,
      deps.config.publicUrl,
      wake,
    ),
  };
}
