import type { DownloadState } from '../contracts';

/** A download in one of these never moves again; every other state is picked up on start. */
export const FINAL_STATES: readonly DownloadState[] = ['done', 'error'];
