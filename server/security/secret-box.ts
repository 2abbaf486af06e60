import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_FILE = 'secret.key';

/**
 * Secrets the server must read back in plain (app passwords: Subsonic's token auth hashes the
 * plain value with a salt the app picks), encrypted with AES-256-GCM under a key that lives
 * outside the database, so a leaked database or backup alone reveals none of them. `lookup`
 * is an HMAC under the same key: a stable, keyed fingerprint a unique index can find a row by
 * without decrypting every row, and that is useless to whoever has only the database.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error('The secret key must be 32 bytes');
  }

  /** base64url of iv | ciphertext | tag; a fresh random iv every time. */
  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The plain text; throws when the value was changed or sealed under another key. */
  open(sealed: string): string {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed value is too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  /** hex HMAC-SHA256(key, value). */
  lookup(value: string): string {
    return createHmac('sha256', this.key).update(value, 'utf8').digest('hex');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The key file of another process may be created but not yet written: read again shortly. */
async function readKeyFile(file: string): Promise<Buffer> {
  for (let attempt = 0; ; attempt++) {
    const text = (await fs.readFile(file, 'utf8')).trim();
    const key = Buffer.from(text, 'base64');
    if (key.length === KEY_BYTES) return key;
    if (text !== '' || attempt >= 20) {
      throw new Error(
        `${file} must hold a 32-byte key in base64; restore it or set APP_SECRET_KEY`,
      );
    }
    await sleep(50);
  }
}

/**
 * APP_SECRET_KEY, else `<DATA_DIR>/secret.key`, created (0600) on first start. Two processes
 * starting on one data dir must end up with the same key: the file is created exclusively
 * ('wx') and whoever loses the race reads the winner's.
 */
export async function loadSecretKey(
  config: Pick<Config, 'appSecretKey' | 'dataDir'>,
): Promise<Buffer> {
  if (config.appSecretKey !== null) return config.appSecretKey;
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  await fs.mkdir(config.dataDir, { recursive: true });
  try {
    await fs.writeFile(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
}

export async function openSecretBox(
  config: Pick<Config, 'appSecretKey' | 'dataDir'>,
): Promise<SecretBox> {
  return new SecretBox(await loadSecretKey(config));
}
