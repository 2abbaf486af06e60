import { describe, expect, it } from 'vitest';
import { NewTicketSchema, shownAttachmentName, TicketReplySchema } from './ticket';

describe('shownAttachmentName', () => {
  it('keeps names of up to 64 characters and cuts longer ones to 64 with an ellipsis', () => {
    expect(shownAttachmentName('a'.repeat(64))).toBe('a'.repeat(64));
    const cut = shownAttachmentName('b'.repeat(80));
    expect([...cut]).toHaveLength(64);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('counts characters, not UTF-16 units, so emoji are never split', () => {
    const cut = shownAttachmentName('🎵'.repeat(70));
    expect([...cut]).toHaveLength(64);
    expect(cut.startsWith('🎵'.repeat(63))).toBe(true);
  });
});

describe('ticket input schemas', () => {
  it('trims the title, defaults attachments to none and refuses duplicates', () => {
    expect(NewTicketSchema.parse({ title: '  Help ', body: 'x' })).toEqual({
      title: 'Help',
      body: 'x',
      attachments: [],
    });
    expect(TicketReplySchema.safeParse({ body: 'x', attachments: [3, 3] }).success).toBe(false);
    expect(
      TicketReplySchema.safeParse({
        body: 'x',
        attachments: Array(11)
          .fill(0)
          .map((_, i) => i + 1),
      }).success,
    ).toBe(false);
  });
});
