import { describe, expect, it } from 'vitest';
import { LyricsSchema } from './lyrics';
import { formatLyricsText, parseLyricsText } from './lyrics-lrc';

describe('parseLyricsText', () => {
  it('reads LRC timestamps of every precision, in time order', () => {
    const lyrics = parseLyricsText(
      ['[00:05.250]Third', '[00:01]First', '[00:02.5]Second-ish', '[00:03.40]Third-ish'].join('\n'),
    );
    expect(lyrics).toEqual({
      synced: true,
      lines: [
        { startMs: 1000, text: 'First' },
        { startMs: 2500, text: 'Second-ish' },
        { startMs: 3400, text: 'Third-ish' },
        { startMs: 5250, text: 'Third' },
      ],
    });
  });

  it('gives a line with several timestamps once per timestamp', () => {
    const lyrics = parseLyricsText('[00:10.00][00:30.00]Chorus\n[00:20.00]Verse');
    expect(lyrics.lines).toEqual([
      { startMs: 10_000, text: 'Chorus' },
      { startMs: 20_000, text: 'Verse' },
      { startMs: 30_000, text: 'Chorus' },
    ]);
  });

  it('drops ID tags and untimed lines, applies the offset, handles CRLF', () => {
    const text = [
      '[ar:Someone]',
      '[ti:Song]',
      '[length:03:12]',
      '[offset:+500]',
      'an untimed line',
      '[00:01.00]One',
      '[00:00.20]Early',
      '',
    ].join('\r\n');
    expect(parseLyricsText(text)).toEqual({
      synced: true,
      lines: [
        // 200 ms - 500 ms is clamped to the start.
        { startMs: 0, text: 'Early' },
        { startMs: 500, text: 'One' },
      ],
    });
    expect(parseLyricsText('[offset:-250]\n[00:01.00]Late').lines).toEqual([
      { startMs: 1250, text: 'Late' },
    ]);
  });

  it('keeps timed blank lines (a pause) and strips per-word times', () => {
    expect(parseLyricsText('[00:01.00]<00:01.00>Hello <00:01.50>there\n[00:04.00]').lines).toEqual([
      { startMs: 1000, text: 'Hello there' },
      { startMs: 4000, text: '' },
    ]);
  });

  it('reads plain text as lines, trimming the ends and the blank lines around', () => {
    expect(parseLyricsText('\n\n  First line  \r\n\r\nSecond\t\n\n')).toEqual({
      synced: false,
      lines: [{ text: '  First line' }, { text: '' }, { text: 'Second' }],
    });
    expect(parseLyricsText('[Chorus]\nLa la')).toEqual({
      synced: false,
      lines: [{ text: '[Chorus]' }, { text: 'La la' }],
    });
    expect(parseLyricsText('')).toEqual({ synced: false, lines: [] });
    expect(parseLyricsText('\uFEFFBOM first')).toEqual({
      synced: false,
      lines: [{ text: 'BOM first' }],
    });
  });

  it("cuts to the schema's limits", () => {
    const long = 'x'.repeat(5000);
    const many = Array.from({ length: 12_000 }, (_, i) => `line ${i}`).join('\n');
    expect(parseLyricsText(long).lines[0]?.text).toHaveLength(2000);
    expect(parseLyricsText(`[00:01.00]${long}`).lines[0]?.text).toHaveLength(2000);
    const plain = parseLyricsText(many);
    expect(plain.lines).toHaveLength(10_000);
    expect(LyricsSchema.safeParse(plain).success).toBe(true);
  });
});

describe('formatLyricsText', () => {
  it('writes synced lyrics as LRC that reads back the same', () => {
    const lyrics = {
      synced: true,
      lines: [
        { startMs: 0, text: 'Start' },
        { startMs: 61_230, text: 'A minute in' },
        { startMs: 6_000_000, text: 'Very late' },
      ],
    };
    const text = formatLyricsText(lyrics);
    expect(text).toBe('[00:00.00]Start\n[01:01.23]A minute in\n[100:00.00]Very late');
    expect(parseLyricsText(text)).toEqual(lyrics);
  });

  it('rounds to hundredths, carrying into the seconds', () => {
    expect(formatLyricsText({ synced: true, lines: [{ startMs: 59_996, text: 'x' }] })).toBe(
      '[01:00.00]x',
    );
  });

  it('writes plain lyrics as their lines', () => {
    const lyrics = { synced: false, lines: [{ text: 'One' }, { text: '' }, { text: 'Two' }] };
    expect(formatLyricsText(lyrics)).toBe('One\n\nTwo');
    expect(parseLyricsText(formatLyricsText(lyrics))).toEqual(lyrics);
  });
});
