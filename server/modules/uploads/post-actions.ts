/**
 * Runs settings.defaultPost on an imported collection's files (absolute paths) and answers the
 * files that remain: the same runner the downloads use (server/node/post-actions), passed in by
 * buildApp, so the upload import knows nothing of what an action does.
 */
export type { RunPostActions } from '../../node/contracts';

/** The tag that puts a collection on the homepage's "New" row. */
export const ANNOUNCE_TAG = 'New';
