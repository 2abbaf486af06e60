import type { PostActionContext, PostActionRunner, PostActionSpec } from '../contracts';
import { detectBpm } from './detect-bpm';
import { oneTagger } from './one-tagger';
import { removeLowQuality } from './remove-lq';
import { removeGenre, writeCollectionTags } from './tag-actions';

// The plug-in point: an action is a name and a runner. Built-in ones are registered here; a
// plug-in (e.g. a real OneTagger bridge) calls registerPostAction at start and replaces the stub.
const runners = new Map<string, PostActionRunner>([
  ['removeLQ', removeLowQuality],
  ['detectBPM', detectBpm],
  ['writeTags', writeCollectionTags],
  ['removeGenre', removeGenre],
  ['oneTagger', oneTagger],
]);

export function registerPostAction(name: string, runner: PostActionRunner): void {
  runners.set(name, runner);
}

/** The action names this server knows, for validating a stored list before it runs. */
export function postActionNames(): string[] {
  return [...runners.keys()];
}

/**
 * Runs the actions in order on the downloaded files and answers the files that remain. Every
 * name is checked before the first action runs, so a typo changes nothing on disk.
 */
export async function runPostActions(
  files: string[],
  actions: PostActionSpec[],
  ctx: PostActionContext,
): Promise<string[]> {
  const unknown = actions.find((action) => !runners.has(action.name));
  if (unknown) throw new Error(`unknown post-import action: ${unknown.name}`);
  let remaining = files;
  for (const action of actions) {
    ctx.signal.throwIfAborted();
    const runner = runners.get(action.name);
    if (!runner) continue;
    remaining = await runner(remaining, action.options ?? {}, ctx);
  }
  return remaining;
}
