import { describe, expect, it } from 'vitest';
import { initialDownloadValues, isTorrentText, valuesToDownload } from './download-form-values';

describe('add-download form values', () => {
  const defaults = { url: {}, deezer: { quality: 'FLAC' } };

  it('starts from the url source with the default post-actions', () => {
    const values = initialDownloadValues(defaults, [{ name: 'detectBPM' }]);
    expect(values).toMatchObject({ url: '', source: 'url', keepOriginal: false, options: '{}' });
    expect(JSON.parse(values.postActions)).toEqual([{ name: 'detectBPM' }]);
    expect(initialDownloadValues(defaults, []).postActions).toBe('');
  });

  it('treats 512 characters or more as a dropped torrent', () => {
    expect(isTorrentText('a'.repeat(511))).toBe(false);
    expect(isTorrentText('a'.repeat(512))).toBe(true);
  });

  it('builds the request body; empty post-actions leave the default to the server', () => {
    const values = {
      ...initialDownloadValues(defaults, []),
      url: ' https://x.test/a.mp3 ',
      name: '  ',
    };
    expect(valuesToDownload(values)).toEqual({
      invalid: null,
      body: {
        url: 'https://x.test/a.mp3',
        source: 'url',
        name: null,
        keepOriginal: false,
        options: {},
        postActions: null,
      },
    });
  });

  it('names the field whose JSON is not valid', () => {
    const base = { ...initialDownloadValues(defaults, []), url: 'https://x.test/a.mp3' };
    expect(valuesToDownload({ ...base, options: '{nope' }).invalid).toBe('options');
    expect(valuesToDownload({ ...base, options: '[1]' }).invalid).toBe('options');
    expect(valuesToDownload({ ...base, postActions: '{"name":"x"}' }).invalid).toBe('postActions');
  });
});
