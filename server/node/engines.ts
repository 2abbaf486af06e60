import type { Config } from '../config';
import type { RunPostActions } from './contracts';
import type { EngineOptions } from './engine/downloader-host';
import { runPostActions } from './post-actions/run-post-actions';
import { checkFeed } from './rss/check-feed';
import { createTorrentSource } from './sources/torrent/torrent-source';

/** The engines plus the one thing that must be released: the torrent source's aria2c child. */
export interface InstalledEngines extends EngineOptions {
  runPostActions: RunPostActions;
  close(): Promise<void>;
}

/**
 * The engines this program runs with, in the main app and in node mode alike: the one place
 * to register source plug-ins (torrent; deezer and spotify have none installed), the
 * post-import actions runner and the RSS check. Nothing is started here: aria2c starts on the
 * first torrent, and a server without aria2c still starts (torrent downloads end in error with
 * "torrent source unavailable: install aria2", as transcoding does without ffmpeg).
 */
export function installedEngines(config: Config): InstalledEngines {
  const { allowPrivate } = config.downloader;
  const torrent = createTorrentSource({ allowPrivate });
  return {
    sources: [torrent],
    runPostActions,
    checkFeed: (feed, signal) => checkFeed(feed, { signal, allowPrivate }),
    close: () => torrent.close(),
  };
}
