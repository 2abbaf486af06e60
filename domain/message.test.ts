import { describe, expect, it } from 'vitest';
import { DM_TITLE_MAX, DirectMessageInputSchema, linkifyText, replyTitle } from './message';

describe('direct message rules', () => {
  it('splits links out of plain text, leaving markup as text', () => {
    expect(linkifyText('see https://example.com/a?b=1. <b>bold</b>')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. <b>bold</b>' },
    ]);
    expect(linkifyText('javascript:alert(1)')).toEqual([
      { kind: 'text', text: 'javascript:alert(1)' },
    ]);
    expect(linkifyText('')).toEqual([]);
  });

  it('marks a reply title once and keeps it within the limit', () => {
    expect(replyTitle('Hello')).toBe('Re: Hello');
    expect(replyTitle('Re: Hello')).toBe('Re: Hello');
    expect(replyTitle('x'.repeat(DM_TITLE_MAX))).toHaveLength(DM_TITLE_MAX);
  });

  it('needs a title and body within their limits', () => {
    expect(DirectMessageInputSchema.safeParse({ title: 'a', body: 'b' }).success).toBe(true);
    expect(DirectMessageInputSchema.safeParse({ title: ' ', body: 'b' }).success).toBe(false);
    expect(DirectMessageInputSchema.safeParse({ title: 'a', body: 'b'.repeat(5001) }).success).toBe(
      false,
    );
  });
});
