import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { writeTone } from './audio';
import { tagSpec, type ReplayGainTags, type TagFormat, type TrackTags } from './format-tags';
import { clearFlacTotal, cutOggStream } from './no-duration-audio';

// Tests take the tag types from here, beside writeTaggedAudio that writes them.
export type { ReplayGainTags, TrackTags };

/** Formats whose container says how long the audio is. */
export type AudioKind = 'mp3' | 'flac' | 'ogg' | 'opus' | 'm4a';

/**
 * Playable files whose header holds no duration, so music-metadata reports none:
 * - `flac-no-total`: FLAC as written to a pipe, STREAMINFO total samples = 0;
 * - `ogg-flac`: FLAC in Ogg (music-metadata computes no duration for it);
 * - `ogg-no-eos`: Ogg Vorbis cut off like a stream capture: no end-of-stream page, junk after.
 */
export type NoDurationKind = 'flac-no-total' | 'ogg-flac' | 'ogg-no-eos';

export type TaggedAudioKind = AudioKind | NoDurationKind;

/** The file extension each kind is written with. */
export const KIND_EXTENSION: Record<TaggedAudioKind, string> = {
  mp3: '.mp3',
  flac: '.flac',
  ogg: '.ogg',
  opus: '.opus',
  m4a: '.m4a',
  'flac-no-total': '.flac',
  'ogg-flac': '.oga',
  'ogg-no-eos': '.ogg',
};

export interface TaggedAudioOptions {
  kind: TaggedAudioKind;
  seconds?: number;
  frequency?: number;
  tags?: TrackTags;
  /** ID3v2 version of an MP3's tag; v2.3 is what most Windows taggers still write. */
  id3Version?: 3 | 4;
}

const ENCODER_ARGS: Record<TaggedAudioKind, string[]> = {
  mp3: ['-codec:a', 'libmp3lame', '-b:a', '64k'],
  flac: ['-codec:a', 'flac'],
  ogg: ['-codec:a', 'libvorbis'],
  opus: ['-codec:a', 'libopus'],
  m4a: ['-codec:a', 'aac', '-b:a', '64k'],
  'flac-no-total': ['-codec:a', 'flac'],
  'ogg-flac': ['-codec:a', 'flac', '-f', 'ogg'],
  'ogg-no-eos': ['-codec:a', 'libvorbis'],
};

const TAG_FORMAT: Record<TaggedAudioKind, TagFormat> = {
  mp3: 'id3',
  flac: 'flac',
  'flac-no-total': 'flac',
  ogg: 'ogg-vorbis',
  'ogg-no-eos': 'ogg-vorbis',
  opus: 'ogg-opus',
  'ogg-flac': 'ogg-flac',
  m4a: 'mp4',
};

const SCRIPT = fileURLToPath(new URL('./write-tags.py', import.meta.url));
let python: string | undefined;

/**
 * A Python that has mutagen: `python3` first, else the system's (a pyenv or venv `python3` on
 * PATH does not see Debian's python3-mutagen).
 */
function mutagenPython(): string {
  if (python !== undefined) return python;
  for (const candidate of ['python3', '/usr/bin/python3']) {
    try {
      execFileSync(candidate, ['-c', 'import mutagen'], { stdio: 'ignore' });
      python = candidate;
      return candidate;
    } catch {
      // Not this one: try the next.
    }
  }
  throw new Error('the tests need mutagen: apt-get install python3-mutagen');
}

function writeTags(path: string, kind: TaggedAudioKind, tags: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(mutagenPython(), [SCRIPT], (error, _stdout, stderr) => {
      if (error) reject(new Error(`write-tags.py failed for ${path}: ${stderr || error.message}`));
      else resolve();
    });
    child.stdin?.end(JSON.stringify({ path, format: TAG_FORMAT[kind], tags }));
  });
}

/**
 * Writes a sine tone of the given kind to `file` (give it KIND_EXTENSION[kind]) and then the
 * tags, as a tagger would, with mutagen.
 */
export async function writeTaggedAudio(file: string, options: TaggedAudioOptions): Promise<void> {
  const { kind, seconds = 1, frequency = 440, tags = {}, id3Version = 4 } = options;
  await writeTone(file, { seconds, frequency, args: ENCODER_ARGS[kind] });
  await writeTags(file, kind, tagSpec(TAG_FORMAT[kind], tags, id3Version));
  if (kind === 'ogg-no-eos') await cutOggStream(file);
  if (kind === 'flac-no-total') await clearFlacTotal(file);
}
