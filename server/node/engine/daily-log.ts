import path from 'node:path';
import { appendText, ensureFolder } from '../../storage/work-files';

/** The log file of a day: DATA_DIR/logs/<serverId>/<YYYY-MM-DD>.log (UTC, as the log buttons ask). */
export const logFileName = (date: Date): string => `${date.toISOString().slice(0, 10)}.log`;

/** Control characters would let a line forge other lines; tokens never reach this function. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const oneLine = (line: string): string => line.replace(/[\x00-\x1f\x7f]+/g, ' ').slice(0, 2000);

/**
 * Appends lines to a server's daily log. Writes are chained so lines keep their order; a
 * failed write is reported to stderr and never fails a download.
 */
export class DailyLog {
  private chain: Promise<void> = Promise.resolve();
  /** Set when the app closes: late lines of aborted work are dropped, not written after. */
  closed = false;

  constructor(
    private readonly dir: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  write(line: string): void {
    const date = this.now();
    const text = `${date.toISOString()} ${oneLine(line)}\n`;
    this.append(date, text);
  }

  /** Lines a node sent, already stamped by the node. */
  writeStamped(lines: string[]): void {
    const date = this.now();
    this.append(date, lines.map((l) => `${oneLine(l)}\n`).join(''));
  }

  flushed(): Promise<void> {
    return this.chain;
  }

  private append(date: Date, text: string): void {
    if (this.closed) return;
    const file = path.join(this.dir, logFileName(date));
    this.chain = this.chain
      .then(() => ensureFolder(this.dir))
      .then(() => appendText(file, text))
      .catch((error: unknown) => console.warn(`server log ${file}: ${(error as Error).message}`));
  }
}

/** One DailyLog per server under DATA_DIR/logs. */
export class ServerLogs {
  private readonly logs = new Map<number, DailyLog>();

  constructor(private readonly root: string) {}

  private closed = false;

  /** Stops writing (the app is closing) once what was already written is on disk. */
  async close(): Promise<void> {
    this.closed = true;
    for (const log of this.logs.values()) log.closed = true;
    await Promise.all([...this.logs.values()].map((log) => log.flushed()));
  }

  of(serverId: number): DailyLog {
    let log = this.logs.get(serverId);
    if (!log) {
      log = new DailyLog(path.join(this.root, String(Math.trunc(serverId))));
      log.closed = this.closed;
      this.logs.set(serverId, log);
    }
    return log;
  }
}
