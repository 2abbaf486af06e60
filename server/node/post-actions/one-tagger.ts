import type { PostActionRunner } from '../contracts';

/**
 * OneTagger is a desktop tagger with no server API; like the deezer and spotify sources it is
 * a plug-in point. Without a plug-in the step is skipped with a log line: a download whose
 * default actions include it must not fail for that.
 */
export const oneTagger: PostActionRunner = (files, _options, ctx) => {
  ctx.log('oneTagger not available on this server');
  return Promise.resolve(files);
};
