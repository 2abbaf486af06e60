import { ensureFolder } from '../../../storage/work-files';
import type { DownloadSource, SourceContext, SourceJob } from '../../contracts';
import { Aria2Daemon, aria2Installed } from './aria2-daemon';
import type { Aria2Status } from './aria2-rpc';
import { rememberedGid, torrentInput } from './torrent-job';

export interface TorrentSourceOptions {
  /** Default `aria2c`, looked up on PATH. */
  binary?: string;
  /** Replaces PATH for the lookup (tests). */
  pathEnv?: string;
  /** Default true; loopback tests turn it off. */
  dht?: boolean;
  /** Bytes per second over all torrents; default no limit. */
  downloadLimit?: number;
  /** How often progress is read from aria2; default 1000 ms. */
  pollMs?: number;
  /** Lets .torrent URLs point at loopback/LAN hosts (tests, trusted admins). */
  allowPrivate?: boolean;
  fetch?: typeof fetch;
}

export type TorrentSource = DownloadSource & { close(): Promise<void> };

export const TORRENT_UNAVAILABLE = 'torrent source unavailable: install aria2';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

function progressOf(status: Aria2Status) {
  const known = status.bittorrent === undefined || status.bittorrent.info !== undefined;
  const total = Number(status.totalLength);
  return {
    // A magnet's metadata fetch reports the metadata's own few bytes: not the download's size.
    bytesDone: known ? Number(status.completedLength) : 0,
    bytesTotal: known && total > 0 ? total : null,
    speed: Number(status.downloadSpeed),
    peers: Number(status.connections),
  };
}

/**
 * Torrents (magnet links, .torrent URLs, dropped .torrent files) through one aria2c daemon the
 * source starts on first use and stops on close. Interrupted downloads resume: the GID is
 * remembered, and when the daemon no longer knows it (a restart) the torrent is added again
 * into the same folder with an integrity check, so the pieces already there are kept.
 */
export function createTorrentSource(options: TorrentSourceOptions = {}): TorrentSource {
  const binary = options.binary ?? 'aria2c';
  const pollMs = options.pollMs ?? 1000;
  let installed: boolean | undefined;
  let daemon: Promise<Aria2Daemon> | null = null;
  let closed = false;
  // downloadId → the GID aria2 is working on now (a magnet changes GID after its metadata).
  const gids = new Map<number, string>();
  // Downloads cancelled while their torrent was still being added (no GID to remove yet).
  const cancelledEarly = new Set<number>();

  const isInstalled = () => (installed ??= aria2Installed(binary, options.pathEnv));

  function start(): Promise<Aria2Daemon> {
    if (closed) return Promise.reject(new Error('torrent source closed'));
    if (daemon) return daemon;
    const starting = Aria2Daemon.start({
      binary,
      pathEnv: options.pathEnv,
      dht: options.dht ?? true,
      downloadLimit: options.downloadLimit,
    });
    daemon = starting;
    starting.then(
      // A daemon that dies (crash, OOM killer) is replaced by the next fetch, which re-adds
      // its torrents from their remembered state.
      (started) => started.onExit(() => (daemon === starting ? (daemon = null) : undefined)),
      () => (daemon === starting ? (daemon = null) : undefined),
    );
    return starting;
  }

  async function add(aria2: Aria2Daemon, job: SourceJob, ctx: SourceContext): Promise<string> {
    const input = await torrentInput(job, { ...options, signal: ctx.signal });
    const addOptions = { dir: job.dir, 'check-integrity': 'true', 'seed-time': '0' };
    if ('magnet' in input) return aria2.rpc.call<string>('addUri', [input.magnet], addOptions);
    return aria2.rpc.call<string>('addTorrent', input.torrentBase64, [], addOptions);
  }

  async function watch(aria2: Aria2Daemon, gid: string, job: SourceJob, ctx: SourceContext) {
    for (;;) {
      if (closed) throw new Error('torrent source closed');
      if (ctx.signal.aborted) {
        await aria2.rpc.call('forcePause', gid).catch(() => undefined);
        throw new Error('torrent download stopped');
      }
      const status = await aria2.rpc.findStatus(gid).catch(() => {
        throw new Error(
          closed ? 'torrent source closed' : 'aria2 stopped unexpectedly; retry to resume',
        );
      });
      if (!status) throw new Error('aria2 no longer knows this torrent');
      ctx.progress(progressOf(status));
      switch (status.status) {
        case 'complete': {
          await aria2.rpc.call('removeDownloadResult', gid).catch(() => undefined);
          const next = status.followedBy?.[0];
          if (!next) {
            gids.delete(job.downloadId);
            ctx.log('torrent complete');
            return;
          }
          ctx.log('torrent metadata received, downloading the files');
          gid = next;
          gids.set(job.downloadId, gid);
          await ctx.remember(JSON.stringify({ gid }));
          break;
        }
        case 'error':
          await aria2.rpc.call('removeDownloadResult', gid).catch(() => undefined);
          throw new Error(`torrent download failed: ${status.errorMessage ?? status.errorCode}`);
        case 'removed':
          throw new Error('torrent download was cancelled');
        case 'active':
        case 'waiting':
        case 'paused':
          await sleep(pollMs, ctx.signal);
          break;
      }
    }
  }

  return {
    name: 'torrent',

    available() {
      return Promise.resolve(
        isInstalled() ? { ok: true as const } : { ok: false as const, reason: TORRENT_UNAVAILABLE },
      );
    },

    async fetch(job, ctx) {
      if (!isInstalled()) throw new Error(TORRENT_UNAVAILABLE);
      cancelledEarly.delete(job.downloadId);
      await ensureFolder(job.dir);
      const aria2 = await start();
      const known = rememberedGid(job.resumeState);
      const status = known ? await aria2.rpc.findStatus(known) : null;
      let gid: string;
      if (known && status && status.status !== 'removed' && status.status !== 'error') {
        gid = known;
        if (status.status === 'paused') await aria2.rpc.call('unpause', gid);
        ctx.log(`torrent continues (aria2 GID ${gid})`);
      } else {
        gid = await add(aria2, job, ctx);
        ctx.log(
          job.resumeState
            ? `torrent added again, keeping the pieces already in the folder (aria2 GID ${gid})`
            : `torrent added (aria2 GID ${gid})`,
        );
      }
      if (cancelledEarly.delete(job.downloadId)) {
        await aria2.rpc.call('forceRemove', gid).catch(() => undefined);
        throw new Error('torrent download was cancelled');
      }
      gids.set(job.downloadId, gid);
      await ctx.remember(JSON.stringify({ gid }));
      await watch(aria2, gid, job, ctx);
    },

    async cancel(job) {
      const gid = gids.get(job.downloadId) ?? rememberedGid(job.resumeState);
      gids.delete(job.downloadId);
      if (!gid) cancelledEarly.add(job.downloadId);
      if (!gid || !daemon) return;
      const aria2 = await daemon;
      await aria2.rpc.call('forceRemove', gid).catch(() => undefined);
    },

    async close() {
      closed = true;
      const running = daemon;
      daemon = null;
      if (running) await (await running.catch(() => null))?.stop();
    },
  };
}
