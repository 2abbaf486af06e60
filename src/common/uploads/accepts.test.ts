import { describe, expect, it } from 'vitest';
import { accepts } from './accepts';

describe('accepts (the drop zone filters like the file chooser)', () => {
  const file = (name: string, type: string) => ({ name, type });
  it('takes a type family, an extension or an exact type', () => {
    expect(accepts('audio/*', file('a.flac', 'audio/flac'))).toBe(true);
    expect(accepts('audio/*,.cue', file('Disc.CUE', ''))).toBe(true);
    expect(accepts('image/png', file('c.png', 'image/png'))).toBe(true);
  });
  it('refuses what none of the rules name', () => {
    expect(accepts('audio/*,.cue', file('notes.txt', 'text/plain'))).toBe(false);
    expect(accepts('image/png', file('c.jpg', 'image/jpeg'))).toBe(false);
  });
  it('takes anything when there is no rule', () => {
    expect(accepts('', file('x.bin', ''))).toBe(true);
  });
});
