import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Db } from './database';

/**
 * Messages every app server on one database hears (issue 50's live channel, decision 0064).
 * On PostgreSQL, LISTEN/NOTIFY: the sender hears its own message too, so a message is handled
 * once per server, by the same path whichever server sent it. On SQLite there is one server
 * process, so an in-process emitter is the whole bus.
 */
export interface NotifyBus {
  publish(message: string): Promise<void>;
  subscribe(listener: (message: string) => void): () => void;
  /** Resolves once messages sent from now on are heard (the LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** NOTIFY payloads are limited to 8000 bytes; our messages are a few hundred. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

class LocalBus implements NotifyBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  publish(message: string): Promise<void> {
    // Asynchronous like NOTIFY: a listener never runs inside the sender's call.
    setImmediate(() => this.emitter.emit('message', message));
    return Promise.resolve();
  }
  subscribe(listener: (message: string) => void): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }
  ready(): Promise<void> {
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}

class PostgresBus implements NotifyBus {
  private readonly listeners = new Set<(message: string) => void>();
  private client: pg.Client | null = null;
  private closed = false;
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly url: string,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  async publish(message: string): Promise<void> {
    if (Buffer.byteLength(message) > MAX_PAYLOAD) throw new Error('bus message too long');
    await sql`SELECT pg_notify(${this.channel}, ${message})`.execute(this.db);
  }

  subscribe(listener: (message: string) => void): () => void {
    this.listeners.add(listener);
    void this.ensureListening();
    return () => this.listeners.delete(listener);
  }

  ready(): Promise<void> {
    return this.ensureListening();
  }

  /** One dedicated connection LISTENs; it is made again after a drop (PostgreSQL restarting). */
  private ensureListening(): Promise<void> {
    if (this.client !== null || this.closed) return Promise.resolve();
    this.connecting ??= this.listen().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const retry = (error: unknown) => {
      this.onError(error);
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.ensureListening(), RECONNECT_MS).unref();
    };
    client.on('error', retry);
    client.on('notification', (n) => {
      if (n.channel !== this.channel || n.payload === undefined) return;
      for (const listener of this.listeners) listener(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
      this.client = client;
    } catch (error) {
      retry(error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.connecting;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}

export function createNotifyBus(
  database: DatabaseConfig,
  db: Db,
  channel: string,
  onError: (error: unknown) => void,
): NotifyBus {
  return database.kind === 'postgres'
    ? new PostgresBus(db, database.url, channel, onError)
    : new LocalBus();
}
