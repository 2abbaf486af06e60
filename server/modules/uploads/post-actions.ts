import type { PostActionContext, PostActionSpec } from '../../node/contracts';

/**
 * Runs settings.defaultPost on an imported collection's files (absolute paths) and answers the
 * files that remain. The engine (server/node, another module) is passed in by buildApp, so the
 * upload import knows nothing of what an action does.
 */
export type RunPostActions = (
  files: string[],
  actions: PostActionSpec[],
  ctx: PostActionContext,
) => Promise<string[]>;

/** Until an engine is wired in: every action is reported as skipped, the files stay as they are. */
export const skipPostActions: RunPostActions = (files, actions, ctx) => {
  for (const action of actions) ctx.log(`post action ${action.name} skipped: no engine installed`);
  return Promise.resolve(files);
};

/** The tag that puts a collection on the homepage's "New" row. */
export const ANNOUNCE_TAG = 'New';
