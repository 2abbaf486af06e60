import { describe, expect, it } from 'vitest';
import { isEntryActive } from './nav-active';

describe('isEntryActive', () => {
  it('highlights home only on exactly /', () => {
    expect(isEntryActive('/', '/')).toBe(true);
    expect(isEntryActive('/', '/requests/5')).toBe(false);
  });
  it('highlights the other entries by path prefix', () => {
    expect(isEntryActive('/requests', '/requests/5')).toBe(true);
    expect(isEntryActive('/requests', '/requests')).toBe(true);
    expect(isEntryActive('/admin/servers', '/admin/servers/3')).toBe(true);
  });
  it('does not match a longer sibling path', () => {
    expect(isEntryActive('/playlists', '/playlist/3')).toBe(false);
    expect(isEntryActive('/upload', '/user-upload')).toBe(false);
    expect(isEntryActive('/store', '/storefront')).toBe(false);
  });
});
