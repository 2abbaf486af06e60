import type { MediaContexts } from '../modules/media/media-context';
import { LastfmClient } from '../modules/scrobbling/lastfm-client';
import { ListenBrainzClient } from '../modules/scrobbling/listenbrainz-client';
import { ListensService } from '../modules/scrobbling/listens.service';
import type { ScrobbleClient } from '../modules/scrobbling/scrobble-client';
import { ScrobbleWorker } from '../modules/scrobbling/scrobble-worker';
import { ScrobblingService } from '../modules/scrobbling/scrobbling.service';
import type { SecretBox } from '../security/secret-box';
import type { ServiceInputs } from './service-inputs';

export interface ScrobblingServices {
  /** Plays from /api and /rest, queued for ListenBrainz and Last.fm. */
  listens: ListensService;
  /** The account page's ListenBrainz and Last.fm connections. */
  scrobbling: ScrobblingService;
}

/**
 * The scrobbling module: the service clients from the configured addresses, the worker that
 * sends the outbox, the intake every play goes through. app.ts starts the worker once the app
 * is ready and stops it on close.
 */
export function buildScrobblingServices(
  { config, log, repositories }: ServiceInputs,
  box: SecretBox,
  contexts: MediaContexts,
): { services: ScrobblingServices; worker: ScrobbleWorker } {
  const { scrobbling } = config;
  const repo = repositories.scrobbling;
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
    services: {
      listens: new ListensService(
        contexts,
        repo,
        clients,
        box,
        wake,
        log,
        repositories.listensHistory,
      ),
      scrobbling: new ScrobblingService(
        repo,
        box,
        listenbrainz,
        lastfm,
        scrobbling,
        config.publicUrl,
        wake,
      ),
    },
  };
}
