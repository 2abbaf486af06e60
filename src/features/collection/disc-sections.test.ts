import { describe, expect, it } from 'vitest';
import { AudioSchema, FileSchema, type CollectionFile } from '../../../domain/collection';
import { discSections, fileListLines } from './disc-sections';

let nextId = 1;
function track(disc: number | null, subtitle: string | null = null): CollectionFile {
  const fileId = nextId++;
  return {
    file: FileSchema.parse({
      fileId,
      filePath: `${fileId}.mp3`,
      fileImageHash: null,
      fileDownloadCount: 0,
      fileSize: 1,
    }),
    audio: AudioSchema.parse({
      audioTitle: `Track ${fileId}`,
      audioArtists: [],
      audioAlbum: null,
      audioLabel: null,
      audioReleaseDate: null,
      audioGenres: [],
      audioBpm: null,
      audioFormat: 'MP3',
      audioBitrate: null,
      audioSampleRate: null,
      audioBitDepth: null,
      audioDuration: 1,
      audioPlayCount: 0,
      audioTrackNumber: null,
      audioDiscNumber: disc,
      audioDiscSubtitle: subtitle,
      audioLoudness: null,
      audioTruePeak: null,
    }),
  };
}
const cover = (): CollectionFile => ({ ...track(null), audio: null });

const shape = (files: CollectionFile[]) =>
  discSections(files).map(({ disc, subtitle, start, end, heading }) => ({
    disc,
    subtitle,
    start,
    end,
    heading,
  }));

describe('disc sections of the file list', () => {
  it('are one section without heading for a single disc, tagged or not', () => {
    expect(shape([track(null), track(null)])).toEqual([
      { disc: null, subtitle: null, start: 0, end: 2, heading: false },
    ]);
    expect(shape([track(1), track(1), cover()])).toEqual([
      { disc: null, subtitle: null, start: 0, end: 3, heading: false },
    ]);
    expect(shape([track(2)])).toEqual([
      { disc: null, subtitle: null, start: 0, end: 1, heading: false },
    ]);
  });

  it('are none for no files', () => {
    expect(discSections([])).toEqual([]);
  });

  it('cut the list at each disc, in order, each with a heading and its subtitle', () => {
    const files = [track(1), track(1, 'Live'), track(2), track(2), track(2), track(3, 'Demos')];
    expect(shape(files)).toEqual([
      { disc: 1, subtitle: 'Live', start: 0, end: 2, heading: true },
      { disc: 2, subtitle: null, start: 2, end: 5, heading: true },
      { disc: 3, subtitle: 'Demos', start: 5, end: 6, heading: true },
    ]);
  });

  it('head files without a disc that follow the discs, and not those that lead', () => {
    expect(shape([cover(), track(1), track(2)]).map((s) => [s.disc, s.heading])).toEqual([
      [null, false],
      [1, true],
      [2, true],
    ]);
    expect(shape([track(1), track(2), cover()]).map((s) => [s.disc, s.heading])).toEqual([
      [1, true],
      [2, true],
      [null, true],
    ]);
  });
});

describe('the lines of the windowed list', () => {
  it('put each heading before its files and keep the files in list order', () => {
    const files = [track(1), track(1), track(2)];
    const lines = fileListLines(discSections(files)).map((line) =>
      line.kind === 'heading' ? `disc ${line.section.disc}` : line.index,
    );
    expect(lines).toEqual(['disc 1', 0, 1, 'disc 2', 2]);
  });

  it('are the files alone without discs', () => {
    const lines = fileListLines(discSections([track(null), track(null)]));
    expect(lines.map((line) => line.kind)).toEqual(['file', 'file']);
  });
});
