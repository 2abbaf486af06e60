import { playsInFull, speedLimit } from '../../access/rights';
import { sendFileRange } from '../../media/send-file-range';
import { sendTranscode } from '../../media/send-transcode';
import { requireAudio } from '../media';
import { originalMime } from '../media';
import { mediaServices } from '../media';
import { SubsonicError, type SubsonicContext } from './subsonic-call';
import type { SubsonicRef } from './subsonic-ids';
import { planStream, streamJob, type StreamAsk } from './subsonic-stream-plan';

/**
 * `stream`: the web app's playback rules with a client's format and bitrate. A track the caller
 * may only preview plays the web app's preview clip, whatever was asked. Plays are not counted
 * here: Subsonic clients report them with `scrobble`, and seeking clients re-request the stream.
 */
export async function streamSong(ctx: SubsonicContext, fileId: number, ask: StreamAsk) {
  const { request, reply } = ctx;
  const media = mediaServices(ctx.deps);
  const { context, file } = await media.contexts.forFileOnDisk(ctx.caller, fileId, media.files);
  const audio = requireAudio(file);
  if (!playsInFull(context.caller, context.priced, context.unlock.unlocked)) {
    await media.playback.sendPreview(request, reply, context, file);
    return;
  }
  const bytesPerSecond = speedLimit(context.caller);
  const plan = planStream(ask, audio);
  if (plan.kind === 'original') {
    await sendFileRange(request, reply, {
      path: file.path,
      files: media.files,
      mime: originalMime(file),
      bytesPerSecond,
      playSeconds: audio.duration,
    });
    return;
  }
  const job = streamJob(file.path, plan);
  await sendTranscode(request, reply, media.transcoder, file.path, job, {
    bytesPerSecond,
    playSeconds: audio.duration,
  });
}

/**
 * `download`: the web app's download of the original, so the same rights, the same counter of
 * remaining downloads and the same speed limit. An album id answers the web app's zip.
 */
export async function downloadRef(ctx: SubsonicContext, ref: SubsonicRef): Promise<void> {
  const { downloads } = mediaServices(ctx.deps);
  if (ref.kind === 'song')
    return downloads.file(ctx.request, ctx.reply, ctx.caller, ref.id, 'original');
  if (ref.kind === 'album')
    return downloads.collection(ctx.request, ctx.reply, ctx.caller, ref.id, 'original');
  throw new SubsonicError(70, 'Not found');
}
