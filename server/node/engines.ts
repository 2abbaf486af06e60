import type { Config } from '../config';
import type { EngineOptions } from './engine/downloader-host';

/**
 * The engines this program runs with, in the main app and in node mode alike: the one place
 * to register source plug-ins (torrent, deezer, spotify), the post-import actions runner and
 * the RSS check. Empty today: the url source is built in, post-actions are skipped (logged)
 * and feeds use the basic check (engine/basic-feed-check.ts).
 */
export function installedEngines(_config: Config): EngineOptions {
  return {};
}
