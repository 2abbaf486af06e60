import { parseFfmpegPath } from '../../server/config';
import { findFfmpeg } from '../../server/media/ffmpeg-binary';

/**
 * The ffmpeg that makes test audio: the one FFMPEG_PATH names (so the run with the npm-shipped
 * binary makes its fixtures with it too), else the one the server would pick.
 */
export function testFfmpeg(): string {
  const binary = findFfmpeg(parseFfmpegPath(process.env.FFMPEG_PATH));
  if (binary === null) throw new Error('the tests need ffmpeg: install it or set FFMPEG_PATH');
  return binary.path;
}
