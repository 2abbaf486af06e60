import { extname } from 'node:path';
import { ArchiveNames, cleanSegment } from '../../media/archive-names';
import type { MediaFile } from './media-file';

/**
 * Entry names of a collection's zip (issue 46), so that a file manager's plain alphabetical
 * order is the play order:
 * - one disc: `01 Title.ext`; several discs: `1-01 Title.ext` (`01-01 …` from ten discs on).
 *   One flat folder rather than `Disc 1/…` folders: players that play "this folder" do not
 *   recurse, and the cover and booklet sit beside every track, where players look for
 *   `cover.jpg`. The `disc-track` prefix is the one iTunes and Music write, so it reads as
 *   familiar.
 * - numbers are the tagged disc and track numbers; a disc whose tracks are not all numbered,
 *   or numbered twice, is numbered 1, 2, 3 … in the order the collection page lists it
 *   (trackOrderSql, which collectionFiles answers in), so the names never contradict the page.
 *   Numbers are zero-padded to the widest one, so "10" never sorts before "09".
 * - the title follows; without one, the original file name without its extension.
 * - other files (booklet.pdf, cover.jpg, album.cue) keep their own name, at the top level.
 * Every name goes through ArchiveNames: no separators or reserved characters, cut by bytes,
 * unique (" (2)").
 *
 * `files` must come in track order (MediaRepository.collectionFiles); `extensionOf` gives a
 * file's extension in the zip (the transcoded format's, or the original's).
 */
export function zipEntryNames(
  files: readonly MediaFile[],
  extensionOf: (file: MediaFile) => string,
): { named: Array<{ file: MediaFile; name: string }>; archive: ArchiveNames } {
  const archive = new ArchiveNames();
  const audio = files.filter((file) => file.audio !== null);
  const numbered = playPrefixes(audio);
  const prefixes = new Map(audio.map((file, i) => [file, numbered[i] ?? '']));
  const named = files.map((file) => {
    const original = baseName(file.relativePath);
    const stem = original.slice(0, original.length - extname(original).length);
    const prefix = prefixes.get(file);
    if (prefix === undefined)
      return { file, name: archive.claim(stem, extensionOf(file), original) };
    const title = cleanSegment(file.audio?.title ?? '') || cleanSegment(stem);
    return { file, name: archive.claim(title ? `${prefix} ${title}` : prefix, extensionOf(file)) };
  });
  return { named, archive };
}

/** The last segment of a stored relative path, whichever separator it was written with. */
const baseName = (relativePath: string): string => relativePath.split(/[\\/]/).pop() ?? '';

const discOf = (file: MediaFile): number => Math.max(0, file.audio?.discNumber ?? 1);

/** `01`, `02` … for one disc, `1-01`, `2-01` … for several; in `audio`'s (track) order. */
function playPrefixes(audio: readonly MediaFile[]): string[] {
  const numbers: Array<{ disc: number; track: number }> = [];
  for (let start = 0; start < audio.length;) {
    const disc = discOf(audio[start]!);
    let end = start;
    while (end < audio.length && discOf(audio[end]!) === disc) end++;
    const tagged = audio.slice(start, end).map((file) => file.audio?.trackNumber ?? null);
    const usable = tagged.every(
      (n, i) => n !== null && n >= 0 && (i === 0 || n > (tagged[i - 1] ?? Infinity)),
    );
    tagged.forEach((n, i) => numbers.push({ disc, track: usable && n !== null ? n : i + 1 }));
    start = end;
  }
  const severalDiscs = new Set(numbers.map((n) => n.disc)).size > 1;
  const widest = (values: number[], least: number) =>
    Math.max(least, ...values.map((v) => String(v).length));
  const trackWidth = widest(
    numbers.map((n) => n.track),
    2,
  );
  const discWidth = widest(
    numbers.map((n) => n.disc),
    1,
  );
  return numbers.map(({ disc, track }) => {
    const number = String(track).padStart(trackWidth, '0');
    return severalDiscs ? `${String(disc).padStart(discWidth, '0')}-${number}` : number;
  });
}
