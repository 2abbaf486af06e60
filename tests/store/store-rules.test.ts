import { describe, expect, it } from 'vitest';
import { quoteCollection } from '../../domain/store-price';
import { splitFee } from '../../server/payments/fee';
import { sameOriginRedirect } from '../../server/payments/redirect-url';

describe('splitFee', () => {
  it('takes 25% rounded half up, in whole cents, and the rest is the seller net', () => {
    expect(splitFee(100)).toEqual({ fee: 25, net: 75 });
    expect(splitFee(2)).toEqual({ fee: 1, net: 1 }); // 0.5 -> 1
    expect(splitFee(1)).toEqual({ fee: 0, net: 1 }); // 0.25 -> 0
    expect(splitFee(799)).toEqual({ fee: 200, net: 599 }); // 199.75
    expect(splitFee(650)).toEqual({ fee: 163, net: 487 }); // 162.5
    expect(splitFee(0)).toEqual({ fee: 0, net: 0 });
  });

  it('refuses amounts that are not whole non-negative cents', () => {
    expect(() => splitFee(-1)).toThrow();
    expect(() => splitFee(1.5)).toThrow();
  });
});

describe('sameOriginRedirect', () => {
  const site = 'https://music.example';
  it('accepts paths and absolute URLs on this site', () => {
    expect(sameOriginRedirect('/store?x=1', site)).toBe('https://music.example/store?x=1');
    expect(sameOriginRedirect('https://music.example/a', site)).toBe('https://music.example/a');
  });
  it('refuses every way of pointing at another site', () => {
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/',
      'http://music.example/',
      'https://music.example.evil.example/',
      'javascript:alert(1)',
      'store',
    ]) {
      expect(sameOriginRedirect(target, site), target).toBeNull();
    }
  });
});

describe('quoteCollection', () => {
  const base = {
    collectionPrice: 500,
    unlocked: false,
    transcodeUnlocked: false,
    roleDownloadPaid: false,
    roleTranscode: false,
    transcodePrice: 100,
    transcode: false,
  };
  it('prices the collection, plus transcode when asked and not held', () => {
    expect(quoteCollection(base)).toEqual({ ok: true, price: 500 });
    expect(quoteCollection({ ...base, transcode: true })).toEqual({ ok: true, price: 600 });
    expect(quoteCollection({ ...base, transcode: true, roleTranscode: true })).toEqual({
      ok: true,
      price: 500,
    });
    expect(quoteCollection({ ...base, transcode: true, unlocked: true })).toEqual({
      ok: true,
      price: 100,
    });
    expect(quoteCollection({ ...base, transcode: true, roleDownloadPaid: true })).toEqual({
      ok: true,
      price: 100,
    });
  });
  it('sells nothing the buyer already has', () => {
    expect(quoteCollection({ ...base, unlocked: true }).ok).toBe(false);
    expect(quoteCollection({ ...base, collectionPrice: null }).ok).toBe(false);
    expect(quoteCollection({ ...base, roleDownloadPaid: true }).ok).toBe(false);
    expect(
      quoteCollection({ ...base, transcode: true, unlocked: true, transcodeUnlocked: true }).ok,
    ).toBe(false);
  });
});
