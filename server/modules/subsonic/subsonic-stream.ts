import {
  intParam,
  type SubsonicContext,
  type SubsonicParams,
  SubsonicError,
} from './subsonic-call';
import type { SubsonicRef } from './subsonic-ids';
import { streamOptions, type StreamAsk } from './subsonic-stream-plan';

/** Seconds, whole or not (transcodeOffset extension); error 10 when it is not a number. */
function secondsParam(params: SubsonicParams, name: string): number {
  const raw = params.get(name);
  if (raw === undefined || raw === '') return 0;
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(raw))
    throw new SubsonicError(10, `Parameter ${name} is not a number of seconds`);
  return Number(raw);
}

/** `format`, `maxBitRate` and `timeOffset` as a stream call sends them. */
export const streamAskOf = (params: SubsonicParams): StreamAsk => ({
  format: params.get('format'),
  maxBitRate: intParam(params, 'maxBitRate', 0, 0, 100_000),
  timeOffset: secondsParam(params, 'timeOffset'),
});

/**
 * `stream`: the web app's playback stream (PlaybackService.play: the same plan, speed limit,
 * pace and ranges) with a client's format, bitrate and start. A track the caller may only
 * preview plays the web app's preview clip, whatever was asked. Plays are not counted here:
 * Subsonic clients report them with `scrobble`, and seeking clients re-request the stream.
 */
export async function streamSong(ctx: SubsonicContext, fileId: number, ask: StreamAsk) {
  await ctx.deps.services.playback.play(ctx.request, ctx.reply, ctx.caller, fileId, {
    ...streamOptions(ask),
    previewInstead: true,
    countPlay: false,
  });
}

/**
 * `download`: the web app's download of the original, so the same rights, the same counter of
 * remaining downloads and the same speed limit. An album id answers the web app's zip.
 */
export async function downloadRef(ctx: SubsonicContext, ref: SubsonicRef): Promise<void> {
  const { downloads } = ctx.deps.services;
  if (ref.kind === 'song')
    return downloads.file(ctx.request, ctx.reply, ctx.caller, ref.id, 'original');
  if (ref.kind === 'album')
    return downloads.collection(ctx.request, ctx.reply, ctx.caller, ref.id, 'original');
  throw new SubsonicError(70, 'Not found');
}
