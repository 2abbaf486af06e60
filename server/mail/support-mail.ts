import type { MailMessage } from './mailer';
import { page } from './templates';

// Titles are folded to one line so a ticket title can never add header lines.
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** To each administrator when a user opens a ticket. */
export function newTicketMail(
  publicUrl: string,
  to: string,
  ticket: { ticketId: number; title: string; body: string; userName: string },
): MailMessage {
  const link = `${publicUrl}/support/${ticket.ticketId}`;
  const intro = `${ticket.userName} opened support ticket #${ticket.ticketId}: ${oneLine(ticket.title)}`;
  return {
    to,
    subject: `New support ticket: ${oneLine(ticket.title)}`,
    text: `${intro}\n\n${ticket.body}\n\n${link}\n`,
    html: page([intro, ticket.body], { href: link, label: 'Open the ticket' }),
  };
}

/** To the ticket's user when an administrator replies. */
export function ticketReplyMail(
  publicUrl: string,
  to: string,
  ticket: { ticketId: number; title: string; body: string; userName: string },
): MailMessage {
  const link = `${publicUrl}/support/${ticket.ticketId}`;
  const intro = `Hello ${ticket.userName}, there is a reply to your support ticket "${oneLine(ticket.title)}":`;
  return {
    to,
    subject: `Reply to your support ticket: ${oneLine(ticket.title)}`,
    text: `${intro}\n\n${ticket.body}\n\n${link}\n`,
    html: page([intro, ticket.body], { href: link, label: 'Open the ticket' }),
  };
}
