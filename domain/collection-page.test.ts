import { describe, expect, it } from 'vitest';
import {
  addTagField,
  addTagValue,
  centsToPriceInput,
  collectionDownloadUrl,
  downloadDecision,
  fileDownloadUrl,
  priceInputToCents,
  purchasePrice,
  releaseDateOf,
  removeTagValue,
} from './collection-page';

const role = { roleDownloadPaid: false, roleDownloadLimit: 10, roleTranscode: false };
const locked = { unlocked: false, transcode: false };

describe('priceInputToCents', () => {
  it('sends EUR as rounded cents', () => {
    expect(priceInputToCents('2.5')).toEqual({ ok: true, cents: 250 });
    expect(priceInputToCents('1.999')).toEqual({ ok: true, cents: 200 });
    expect(priceInputToCents('3,10')).toEqual({ ok: true, cents: 310 });
  });
  it('treats empty as free', () => {
    expect(priceInputToCents('  ')).toEqual({ ok: true, cents: null });
  });
  it('refuses text and negative numbers', () => {
    expect(priceInputToCents('abc').ok).toBe(false);
    expect(priceInputToCents('-1').ok).toBe(false);
    expect(priceInputToCents('.').ok).toBe(false);
  });
  it('shows cents back in EUR', () => {
    expect(centsToPriceInput(250)).toBe('2.5');
    expect(centsToPriceInput(null)).toBe('');
  });
});

describe('releaseDateOf', () => {
  it('falls back to the first 10 characters of collectionAdded', () => {
    const added = '2024-03-05T10:00:00.000Z';
    expect(releaseDateOf({ audioReleaseDate: null, collectionAdded: added })).toBe('2024-03-05');
    expect(releaseDateOf({ audioReleaseDate: '1999', collectionAdded: added })).toBe('1999');
  });
});

describe('download urls', () => {
  it('adds the format only when transcoding', () => {
    expect(fileDownloadUrl(4, 'original')).toBe('/downloader/file/4');
    expect(fileDownloadUrl(4, 'FLAC')).toBe('/downloader/file/4?format=FLAC');
    expect(collectionDownloadUrl(9, 'MP3_320')).toBe('/downloader/collection/9?format=MP3_320');
  });
});

describe('downloadDecision', () => {
  it('downloads a free collection in its original format', () => {
    expect(downloadDecision({ collectionPrice: null }, locked, role, 'original')).toEqual({
      kind: 'download',
    });
  });
  it('asks to buy a locked paid collection', () => {
    expect(downloadDecision({ collectionPrice: 500 }, locked, role, 'original')).toEqual({
      kind: 'buy',
      transcode: false,
    });
  });
  it('asks to buy transcode access without roleTranscode', () => {
    expect(downloadDecision({ collectionPrice: null }, locked, role, 'MP3_320')).toEqual({
      kind: 'buy',
      transcode: true,
    });
    const transcoder = { ...role, roleTranscode: true };
    expect(downloadDecision({ collectionPrice: null }, locked, transcoder, 'MP3_320').kind).toBe(
      'download',
    );
  });
  it('lets roleDownloadPaid download a paid original', () => {
    const paid = { ...role, roleDownloadPaid: true };
    expect(downloadDecision({ collectionPrice: 500 }, locked, paid, 'original').kind).toBe(
      'download',
    );
  });
});

describe('tag editing', () => {
  it('adds values without duplicates', () => {
    const tags = { ARTIST: ['A'] };
    expect(addTagValue(tags, 'ARTIST', 'A')).toBe(tags);
    expect(addTagValue(tags, 'ARTIST', ' B ')).toEqual({ ARTIST: ['A', 'B'] });
    expect(addTagValue(tags, 'ARTIST', '  ')).toBe(tags);
  });
  it('adds a new field once', () => {
    expect(addTagField({}, ' comment ')).toEqual({ comment: [] });
    const tags = { comment: ['x'] };
    expect(addTagField(tags, 'COMMENT')).toBe(tags);
  });
  it('removes one value', () => {
    expect(removeTagValue({ A: ['x', 'y'] }, 'A', 0)).toEqual({ A: ['y'] });
  });
});

describe('purchasePrice', () => {
  it('adds transcode access to a locked collection', () => {
    expect(purchasePrice({ collectionPrice: 500 }, false, true, 100)).toBe(600);
    expect(purchasePrice({ collectionPrice: 500 }, true, true, 100)).toBe(100);
    expect(purchasePrice({ collectionPrice: null }, false, false, 100)).toBe(0);
  });
});
