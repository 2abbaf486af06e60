import type { RunPostActions } from '../contracts';

/**
 * Used until the post-import actions engine (server/node/post-actions/) is wired: every action
 * is logged as skipped and the files pass through unchanged.
 */
export const skipPostActions: RunPostActions = (files, actions, ctx) => {
  for (const action of actions) ctx.log(`post-action ${action.name}: not installed here, skipped`);
  return Promise.resolve(files);
};
