import { describe, expect, it } from 'vitest';
import { COVER_WIDTHS, coverSrcSet, widthAsked } from './image-path';
import { ImageQuerySchema } from './media';

describe('cover widths', () => {
  it('offers the thumbnail and every larger width, each with its own address', () => {
    expect(coverSrcSet('ab')).toBe(
      '/image/ab?thumb=true 300w, /image/ab?size=720 720w, /image/ab?size=1200 1200w',
    );
  });

  it('reads a query as the copy it asks for: size first, then the thumbnail, else the original', () => {
    const ask = (query: Record<string, string>) => widthAsked(ImageQuerySchema.parse(query));
    expect(ask({})).toBeNull();
    expect(ask({ thumb: 'true' })).toBe(300);
    for (const width of COVER_WIDTHS) {
      expect(ask({ size: String(width) })).toBe(width);
      expect(ask({ size: String(width), thumb: 'true' })).toBe(width);
    }
    expect(ImageQuerySchema.safeParse({ size: '721' }).success).toBe(false);
  });
});
