import { describe, expect, it } from 'vitest';
import { AUDIO_EXTENSIONS } from '../../domain/audio-format';
import { isAudioName, sniff } from '../../server/node/sources/url/audio-magic';

describe("a downloader node's audio endings", () => {
  it('keeps from an unpacked zip every ending the library takes as audio, in any case', () => {
    for (const ending of AUDIO_EXTENSIONS) {
      expect(isAudioName(`Disc 1/01 Track${ending}`)).toBe(true);
      expect(isAudioName(`01 TRACK${ending.toUpperCase()}`)).toBe(true);
    }
    for (const name of ['01 Track.oga', '01 Track.mp4', '01 Track.wma', '01 Track.alac'])
      expect(isAudioName(name)).toBe(true);
    for (const name of ['cover.jpg', 'notes.txt', 'flac', 'album.flac/readme'])
      expect(isAudioName(name)).toBe(false);
  });

  it('names a sniffed download only with an ending the library takes as audio', () => {
    const heads = [
      Buffer.from('fLaC\0\0\0\0\0\0\0\0'),
      Buffer.from('OggS\0\0\0\0\0\0\0\0'),
      Buffer.from('RIFF\0\0\0\0WAVE'),
      Buffer.from('FORM\0\0\0\0AIFF'),
      Buffer.from('\0\0\0\x20ftypM4A '),
      Buffer.from('ID3\x04\0\0\0\0\0\0\0\0'),
      Buffer.from([0xff, 0xfb, 0x90, 0x00]),
    ];
    for (const head of heads) {
      const sniffed = sniff(head);
      expect(sniffed.kind).toBe('audio');
      if (sniffed.kind === 'audio') expect(isAudioName(`download.${sniffed.ext}`)).toBe(true);
    }
  });
});
