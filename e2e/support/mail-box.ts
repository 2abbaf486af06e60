import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the global setup's SMTP sink drops each received message as a .eml file. */
export const mailDir = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the tests through playwright.config.ts');
  return dir;
};

/** Undo quoted-printable so links can be read from the raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

async function readAll(): Promise<ReceivedMail[]> {
  const names = (await readdir(mailDir())).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = decodeQuotedPrintable(await readFile(join(mailDir(), name), 'utf8'));
      const header = (field: string) =>
        new RegExp(`^${field}:\\s*(.*)$`, 'im').exec(text)?.[1]?.trim() ?? '';
      return { to: header('To'), subject: header('Subject'), text };
    }),
  );
}

/** Waits until a message to `to` arrives whose text contains a link matching `link`. */
export async function waitForLink(to: string, link: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readAll();
    for (const mail of mails.reverse()) {
      if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
      const found = link.exec(mail.text)?.[0];
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a link like ${link}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** How many messages to `to` have arrived so far (a resend adds one). */
export async function countMails(to: string): Promise<number> {
  const mails = await readAll();
  return mails.filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase())).length;
}
