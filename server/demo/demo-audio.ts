import type { DemoFormat, DemoRelease } from './demo-catalogue';

/** Seconds of the `index`-th track: 20 to 60 s, except a 90 s single. */
export function demoDuration(release: DemoRelease, index: number): number {
  if (release.seconds !== undefined) return release.seconds;
  if (release.titles.length === 1) return 90;
  return 20 + ((index * 13 + release.album.length * 7) % 41);
}

const CODECS: Record<
  DemoFormat,
  { ext: string; codec: string[]; bpmKey: string; labelKey: string }
> = {
  MP3: {
    ext: 'mp3',
    codec: ['-c:a', 'libmp3lame', '-b:a', '192k', '-id3v2_version', '4'],
    bpmKey: 'TBPM',
    labelKey: 'publisher',
  },
  FLAC: { ext: 'flac', codec: ['-c:a', 'flac'], bpmKey: 'BPM', labelKey: 'LABEL' },
  OGG: { ext: 'ogg', codec: ['-c:a', 'libvorbis', '-q:a', '5'], bpmKey: 'BPM', labelKey: 'LABEL' },
  M4A: {
    ext: 'm4a',
    codec: ['-c:a', 'aac', '-b:a', '192k'],
    bpmKey: 'tmpo',
    labelKey: 'publisher',
  },
  WAV: { ext: 'wav', codec: ['-c:a', 'pcm_s16le'], bpmKey: 'BPM', labelKey: 'publisher' },
  ALAC: { ext: 'm4a', codec: ['-c:a', 'alac'], bpmKey: 'tmpo', labelKey: 'publisher' },
};

export const demoExtension = (format: DemoFormat): string => CODECS[format].ext;

/**
 * ffmpeg arguments that synthesise one track: a kick pulsing at the release's BPM, a bass and a
 * lead note from the track's key, and filtered noise as hats, all from fast lavfi sources.
 */
export function demoTrackArgs(
  release: DemoRelease,
  index: number,
  output: string,
  cover?: string,
): string[] {
  const seconds = demoDuration(release, index);
  const beat = release.bpm / 60;
  const root = 55 * 2 ** (((index * 5 + release.album.length) % 12) / 12);
  const source = (expr: string) => ['-f', 'lavfi', '-i', `${expr}:d=${seconds}:r=44100`];
  const { codec, bpmKey, labelKey } = CODECS[release.format];
  const ambient = release.bpm <= 72;
  // Voices pulse through `aeval` rather than `tremolo`: the npm-shipped ffmpeg 4.1 corrupts its
  // heap in `tremolo` at many rates (5.8 Hz aborts, 2.9 Hz does not). The gain curve is the one
  // tremolo computes: 1 - depth/2 + depth/2 * cos(2 pi f t).
  const pulse = (f: number, depth: number) =>
    `aeval=val(0)*(${1 - depth / 2}+${depth / 2}*cos(2*PI*${f.toFixed(3)}*t))`;
  // amerge + pan sums the voices at full level on every ffmpeg: `amix` divides by the input
  // count and its `normalize=0` is missing from 4.1. amerge needs one agreed input format.
  const voice = 'aformat=sample_fmts=fltp:channel_layouts=mono';
  const sum = 'c0+c1+c2+c3';
  const mix = [
    `[0]${pulse(beat, ambient ? 0.3 : 1)},volume=${ambient ? 0.5 : 1.3},${voice}[kick]`,
    `[1]${pulse(beat / 4, 0.6)},volume=0.45,${voice}[bass]`,
    `[2]highpass=f=5000,${pulse(beat * 2, 1)},volume=${ambient ? 0.15 : 0.45},${voice}[hats]`,
    `[3]${pulse(0.25, 0.8)},volume=0.3,aecho=0.8:0.7:${Math.round(60000 / release.bpm)}:0.4,${voice}[lead]`,
    `[kick][bass][hats][lead]amerge=inputs=4,pan=stereo|c0=${sum}|c1=${sum},afade=t=in:d=1,afade=t=out:st=${seconds - 2}:d=2[out]`,
  ].join(';');
  const meta = (key: string, value: string | number) => ['-metadata', `${key}=${value}`];
  const coverArgs = cover ? ['-i', cover] : [];
  const coverMap = cover
    ? [
        '-map',
        '4:v',
        '-c:v',
        'png',
        '-disposition:v',
        'attached_pic',
        '-metadata:s:v',
        'title=Cover',
      ]
    : [];
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    ...source(`sine=f=${root.toFixed(2)}`),
    ...source(`sine=f=${(root * 2).toFixed(2)}`),
    ...source('anoisesrc=c=pink:a=0.3'),
    ...source(`sine=f=${(root * 6).toFixed(2)}`),
    ...coverArgs,
    '-filter_complex',
    mix,
    '-map',
    '[out]',
    ...coverMap,
    ...meta('title', release.titles[index] ?? `Track ${index + 1}`),
    ...meta('artist', release.artists.join('; ')),
    ...meta('album_artist', release.artists.join('; ')),
    ...meta('album', release.album),
    ...meta('genre', release.genre),
    ...meta('date', release.released),
    ...meta('track', `${index + 1}/${release.titles.length}`),
    ...meta(bpmKey, release.bpm),
    ...meta(labelKey, release.label),
    ...codec,
    output,
  ];
}
