import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../domain/redirect-path';

describe('safeRedirectPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeRedirectPath('/collection/3')).toBe('/collection/3');
    expect(safeRedirectPath('/browse?q=jazz#top')).toBe('/browse?q=jazz#top');
  });

  it.each([
    ['another origin', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/'],
    ['a backslash a browser reads as a slash', '/\\evil.example'],
    ['a backslash further on', '/a\\b'],
    ['a control character', '/a\nb'],
    ['a relative path', 'collection/3'],
    ['a script address', 'javascript:alert(1)'],
    ['the sign-in page itself', '/login?redirect=/x'],
    ['the register page', '/register'],
    ['no text', 42],
    ['a very long path', `/${'a'.repeat(3000)}`],
  ])('drops %s', (_, value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
  });
});
