import { escapeHtml } from '../security/escape-html';
import type { MailMessage } from './mailer';

export function page(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:sans-serif">${body}${button}</body></html>`;
}

export function confirmationMail(
  publicUrl: string,
  to: string,
  userName: string,
  code: string,
): MailMessage {
  const link = `${publicUrl}/user/confirm_email?code=${encodeURIComponent(code)}`;
  const intro = `Hello ${userName}, welcome to Musicbox! Please confirm your e-mail address.`;
  return {
    to,
    subject: 'Confirm your e-mail address',
    text: `${intro}\n\n${link}\n\nThe link is valid for 7 days.\n`,
    html: page([intro, 'The link is valid for 7 days.'], { href: link, label: 'Confirm e-mail' }),
  };
}

export function passwordResetMail(
  publicUrl: string,
  to: string,
  userName: string,
  code: string,
): MailMessage {
  const link = `${publicUrl}/login?resetToken=${encodeURIComponent(code)}`;
  const intro = `Hello ${userName}, someone asked to reset the password of your Musicbox account.`;
  const outro = 'The link is valid for 1 hour. If it was not you, ignore this message.';
  return {
    to,
    subject: 'Reset your password',
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: page([intro, outro], { href: link, label: 'Choose a new password' }),
  };
}

export function contactMail(
  to: string,
  sender: { name: string; email: string; body: string },
): MailMessage {
  const intro = `Contact message from ${sender.name} <${sender.email}>:`;
  return {
    to,
    replyTo: sender.email,
    // Line breaks are folded so a name can never add header lines.
    subject: `Contact message from ${sender.name.replace(/\s+/g, ' ')}`,
    text: `${intro}\n\n${sender.body}\n`,
    html: page([intro, sender.body]),
  };
}

export function dormantBalanceMail(
  publicUrl: string,
  to: string,
  userName: string,
  balanceCents: number,
  feeDate: string,
): MailMessage {
  const amount = (balanceCents / 100).toFixed(2);
  const day = feeDate.slice(0, 10);
  const intro = `Hello ${userName}, your Musicbox balance of ${amount} EUR has not changed for a long time.`;
  const rule = `Under our terms, a balance left untouched for 180 days is taken as a fee. Unless it is used or topped up, it will be taken on ${day}.`;
  const link = `${publicUrl}/store`;
  return {
    to,
    subject: 'Your Musicbox balance will expire soon',
    text: `${intro}\n\n${rule}\n\n${link}\n`,
    html: page([intro, rule], { href: link, label: 'Open the store' }),
  };
}

/** The e-mail copy of a direct message (settings.sendDmEmails); the body stays plain text. */
export function directMessageMail(
  publicUrl: string,
  to: string,
  message: { recipientName: string; senderName: string; title: string; body: string },
): MailMessage {
  const intro = `Hello ${message.recipientName}, ${message.senderName} sent you a direct message on Musicbox.`;
  const link = `${publicUrl}/dms`;
  // Line breaks are folded so a title can never add header lines.
  const title = message.title.replace(/\s+/g, ' ');
  return {
    to,
    subject: `Direct message: ${title}`,
    text: `${intro}\n\n${title}\n\n${message.body}\n\n${link}\n`,
    html: page([intro, title, message.body], { href: link, label: 'Open your messages' }),
  };
}
