import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface SunkMail {
  from: string;
  to: string[];
  raw: string;
  /** raw with quoted-printable soft breaks and =3D undone, so links can be matched. */
  text: string;
}

export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export class SmtpSink {
  readonly mails: SunkMail[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            text: decodeQuotedPrintable(raw),
          });
          for (const wake of this.waiters) wake();
          callback();
        });
      },
    });
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => {
        this.port = (this.server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  async waitForMail(predicate: (mail: SunkMail) => boolean, timeoutMs = 5000): Promise<SunkMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no matching mail arrived in time');
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }
}
