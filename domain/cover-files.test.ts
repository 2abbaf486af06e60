import { describe, expect, it } from 'vitest';
import type { Audio, CollectionFile } from './collection';
import { isImagePath, oldImageFiles } from './cover-files';

const audio = { audioTitle: 'Track' } as Audio;

function entry(fileId: number, filePath: string, withAudio = false): CollectionFile {
  return {
    file: { fileId, filePath, fileImageHash: null, fileDownloadCount: 0, fileSize: 1 },
    audio: withAudio ? audio : null,
  };
}

describe('isImagePath', () => {
  it('recognises picture extensions whatever their case', () => {
    expect(isImagePath('cover.jpg')).toBe(true);
    expect(isImagePath('scans/Front.JPEG')).toBe(true);
    expect(isImagePath('folder.png')).toBe(true);
    expect(isImagePath('art.webp')).toBe(true);
  });

  it('rejects other files, and names that only contain an extension', () => {
    expect(isImagePath('liner-notes.txt')).toBe(false);
    expect(isImagePath('album.cue')).toBe(false);
    expect(isImagePath('cover.png.txt')).toBe(false);
    expect(isImagePath('png')).toBe(false);
  });
});

describe('oldImageFiles', () => {
  it('picks the non-audio image files of a collection, in list order', () => {
    const files = [
      entry(1, '01 - Blue Hour.flac', true),
      entry(2, 'cover.png'),
      entry(3, 'liner-notes.txt'),
      entry(4, 'scans/back.JPG'),
    ];
    expect(oldImageFiles(files).map((f) => f.file.fileId)).toEqual([2, 4]);
  });

  it('never picks an audio file, even one named like a picture', () => {
    expect(oldImageFiles([entry(1, 'odd-name.png', true)])).toEqual([]);
  });
});
