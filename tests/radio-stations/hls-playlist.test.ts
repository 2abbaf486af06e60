import { describe, expect, it } from 'vitest';
import {
  chooseVariant,
  id3Length,
  parseHls,
  segmentFormat,
  startingSegments,
  type MediaPlaylist,
} from '../../server/modules/radio-stations/hls-playlist';

const base = 'https://radio.example/hls/main.m3u8';

describe('parseHls', () => {
  it('reads a master playlist’s variants with their bandwidth, addresses made absolute', () => {
    const text = `#EXTM3U
#EXT-X-STREAM-INF:BANDWIDTH=128000,CODECS="mp4a.40.2,avc1.4d401e"
high/index.m3u8
#EXT-X-STREAM-INF:CODECS="mp4a.40.5"
https://cdn.example/other.m3u8
`;
    expect(parseHls(text, base)).toEqual({
      kind: 'master',
      variants: [
        { url: 'https://radio.example/hls/high/index.m3u8', bandwidth: 128000 },
        { url: 'https://cdn.example/other.m3u8', bandwidth: null },
      ],
    });
  });

  it('reads a live media playlist: target, numbered segments, no end', () => {
    const text = `#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXT-X-MEDIA-SEQUENCE:41\r\n#EXTINF:6.0,\r\na.aac\r\n#EXTINF:6.0,title\r\n/b.aac\r\n`;
    expect(parseHls(text, base)).toEqual({
      kind: 'media',
      targetSeconds: 6,
      segments: [
        { sequence: 41, url: 'https://radio.example/hls/a.aac' },
        { sequence: 42, url: 'https://radio.example/b.aac' },
      ],
      ended: false,
      fragmentedMp4: false,
      encrypted: false,
    });
  });

  it('notices fMP4 (EXT-X-MAP), encryption and the end; refuses text that is no playlist', () => {
    const text = `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-KEY:METHOD=AES-128,URI="k"\n#EXT-X-MAP:URI="i.mp4"\n#EXTINF:2,\ns.m4s\n#EXT-X-ENDLIST\n`;
    expect(parseHls(text, base)).toMatchObject({
      fragmentedMp4: true,
      encrypted: true,
      ended: true,
    });
    expect(parseHls('#EXTM3U\n#EXT-X-KEY:METHOD=NONE\n#EXTINF:2,\na.ts\n', base)).toMatchObject({
      encrypted: false,
    });
    expect(parseHls('[playlist]\nFile1=http://a/\n', base)).toBeNull();
    expect(parseHls('#EXTM3U\nhttp://a/stream\n', base)).toBeNull();
  });
});

describe('chooseVariant', () => {
  const v = (bandwidth: number | null) => ({ url: `u${bandwidth}`, bandwidth });
  it('takes the lowest bandwidth of at least 64 kbit/s', () => {
    expect(chooseVariant([v(256000), v(32000), v(96000), v(64000)])).toEqual(v(64000));
  });
  it('takes the best when all are below 64 kbit/s, and the only one whatever it is', () => {
    expect(chooseVariant([v(24000), v(48000)])).toEqual(v(48000));
    expect(chooseVariant([v(16000)])).toEqual(v(16000));
    expect(chooseVariant([v(null)])).toEqual(v(null));
    expect(chooseVariant([])).toBeNull();
  });
});

describe('startingSegments', () => {
  const playlist = (ended: boolean): MediaPlaylist => ({
    kind: 'media',
    targetSeconds: 2,
    segments: [1, 2, 3, 4, 5].map((sequence) => ({ sequence, url: `s${sequence}` })),
    ended,
    fragmentedMp4: false,
    encrypted: false,
  });
  it('joins a live playlist three segments from its end, a finished one from its start', () => {
    expect(startingSegments(playlist(false)).map((s) => s.sequence)).toEqual([3, 4, 5]);
    expect(startingSegments(playlist(true)).map((s) => s.sequence)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('segmentFormat', () => {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 5]);
  it('tells MPEG-TS, ADTS, MP3 and fMP4 apart, past a leading ID3 tag', () => {
    const ts = Buffer.alloc(376);
    ts[0] = 0x47;
    ts[188] = 0x47;
    expect(segmentFormat(ts)).toBe('mpegts');
    expect(segmentFormat(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBe('adts');
    expect(segmentFormat(Buffer.concat([id3, Buffer.from([0xff, 0xf9, 0x50])]))).toBe('adts');
    expect(segmentFormat(Buffer.concat([id3, Buffer.from([0xff, 0xfb, 0x90])]))).toBe('mp3');
    expect(segmentFormat(Buffer.from('\0\0\0\x18ftypiso6', 'latin1'))).toBe('fmp4');
    expect(segmentFormat(Buffer.from('<html>'))).toBe('unknown');
    expect(id3Length(Buffer.concat([id3, Buffer.from([0xff])]))).toBe(15);
  });
});
