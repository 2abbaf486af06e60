import { z } from 'zod';

export const DM_TITLE_MAX = 200;
export const DM_BODY_MAX = 5000;

/** Spec part 2, "Direct message"; userName is the sender's ("Deleted user" once gone). */
export const DirectMessageSchema = z.object({
  dmId: z.number().int(),
  dmTitle: z.string(),
  dmBody: z.string(),
  dmDate: z.string(),
  dmRead: z.boolean(),
  dmFrom: z.number().int().nullable(),
  userName: z.string(),
});
export type DirectMessage = z.infer<typeof DirectMessageSchema>;

const nonBlank = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .refine((text) => text.trim().length > 0, { error: `${name} is required` })
    .refine((text) => text.length <= max, {
      error: `${name} must be at most ${max} characters`,
    });

/** POST /api/user/{id}/dm */
export const DirectMessageInputSchema = z.object({
  title: nonBlank('title', DM_TITLE_MAX),
  body: nonBlank('body', DM_BODY_MAX),
});
export type DirectMessageInput = z.infer<typeof DirectMessageInputSchema>;

/** A reply keeps the conversation's title, marked once: "Re: Re: x" never grows. */
export const replyTitle = (title: string): string =>
  (/^re:\s/i.test(title) ? title : `Re: ${title}`).slice(0, DM_TITLE_MAX);

export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation closing a sentence is not part of the link it follows.
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * Splits plain text into text and http(s) links, so the client can render links as anchors
 * and everything else as text: no HTML from a message is ever interpreted.
 */
export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const href = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
