/**
 * The scrobbling module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export type { AppPlay, AppPlaysService } from './app-plays.service';
export type { CheckedPlay, ListensService } from './listens.service';
export type { NowPlayingRow } from './now-playing.repository';
