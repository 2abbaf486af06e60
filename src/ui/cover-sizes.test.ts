import { describe, expect, it } from 'vitest';
import { sizesOf } from './cover-image';

describe('sizesOf', () => {
  it('says a fixed width as it is, and a relative one as the viewport (an upper bound)', () => {
    expect(sizesOf('48px')).toBe('48px');
    expect(sizesOf('100%')).toBe('100vw');
  });

  it('lists the breakpoints widest first, the base last, as media conditions in px', () => {
    expect(sizesOf({ base: '160px', md: '200px' })).toBe('(min-width: 1024px) 200px, 160px');
    expect(sizesOf({ sm: '220px', base: '100%', lg: '300px' })).toBe(
      '(min-width: 1440px) 300px, (min-width: 600px) 220px, 100vw',
    );
  });
});
