import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { randomToken } from '../security/tokens';
import { ensureFolder, moveIntoPlace, writeWhole } from '../storage/work-files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  /** Never throws: a failed delivery is logged, the user's action still succeeds. */
  send(message: MailMessage): Promise<boolean>;
  close(): void;
}

const FROM = 'Musicbox <no-reply@musicbox.local>';

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file under DATA_DIR/mail. */
export function createMailer(
  options: { smtpUrl: string | null; dataDir: string; publicUrl: string },
  logger: FastifyBaseLogger,
): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      try {
        const info = (await transport.sendMail({ from: FROM, ...message })) as {
          message?: unknown;
        };
        if (!options.smtpUrl && Buffer.isBuffer(info.message)) {
          const dir = path.join(options.dataDir, 'mail');
          await ensureFolder(dir);
          const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`;
          const temp = path.join(dir, `.${name}.tmp`);
          await writeWhole(temp, info.message);
          await moveIntoPlace(temp, path.join(dir, name));
        }
        logger.info(`mail to ${message.to}: ${message.subject} ${links.join(' ')}`.trim());
        return true;
      } catch (error) {
        logger.error({ err: error }, `mail to ${message.to} failed: ${message.subject}`);
        return false;
      }
    },
    close() {
      transport.close();
    },
  };
}
