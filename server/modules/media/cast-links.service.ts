import { timingSafeEqual } from 'node:crypto';
import type { Caller, CallerDirectory } from '../../access/caller';
import { loadCaller } from '../../access/caller';
import type { SecretBox } from '../../security/secret-box';
import { requireAudio, type MediaContexts } from './media-context';

/** Beyond the track's own length: time to find the speaker, buffer, pause a little. */
const MARGIN_MS = 15 * 60_000;
/** However long the recording, an address stops working after this. */
const LONGEST_MS = 12 * 3_600_000;

interface CastClaims {
  /** The user the speaker plays as. */
  u: number;
  /** The one file the address opens. */
  f: number;
  /** Expiry, ms since the epoch. */
  e: number;
}

const PURPOSE = 'cast-media-address\n';

/** user-file-expiry (seconds), each in base 36: a short path segment. */
export const encodeClaims = (c: CastClaims): string =>
  [c.u, c.f, Math.ceil(c.e / 1000)].map((n) => n.toString(36)).join('-');

function decodeClaims(body: string): CastClaims | null {
  const parts = body.split('-').map((part) => parseInt(part, 36));
  if (parts.length !== 3 || parts.some((n) => !Number.isSafeInteger(n) || n <= 0)) return null;
  const [u, f, e] = parts as [number, number, number];
  return { u, f, e: e * 1000 };
}

/**
 * Short-lived signed media addresses for a speaker (Chromecast, AirPlay: issue 50's cast),
 * which fetches the track itself and cannot send the user's cookie. An address names one user
 * and one file, expires within the track's length plus a margin, and is checked again at every
 * request: the user must still exist, not be banned, and still be allowed the file as the
 * media module decides for a signed-in request. It opens that file's stream and nothing else
 * (it is no session: no API call, no admin page, no other file).
 */
export class CastLinksService {
  constructor(
    private readonly box: Pick<SecretBox, 'lookup'>,
    private readonly contexts: MediaContexts,
    private readonly callers: CallerDirectory,
  ) {}

  /** POST /api/media/cast/{fileId}: an address for the caller's speaker. */
  async issue(caller: Caller, fileId: number, now = Date.now()) {
    const { file } = await this.contexts.forFile(caller, fileId);
    const audio = requireAudio(file);
    const expiresAt = now + Math.min(LONGEST_MS, Math.ceil(audio.duration * 1000) + MARGIN_MS);
    const body = encodeClaims({ u: caller.userId, f: fileId, e: expiresAt });
    return {
      url: `/downloader/cast/${body}.${this.sign(body)}`,
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  /** The caller and file an address opens, or null (forged, altered, expired, user gone). */
  async open(token: string, now = Date.now()): Promise<{ caller: Caller; fileId: number } | null> {
    const [body, signature, extra] = token.split('.');
    if (body === undefined || signature === undefined || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body), 'hex');
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = decodeClaims(body);
    if (claims === null || !(claims.e > now)) return null;
    const user = await this.callers.findUserById(claims.u);
    if (user === undefined || user.is_banned === 1) return null;
    return { caller: await loadCaller(this.callers, user), fileId: claims.f };
  }

  /** 128 bits of HMAC-SHA256: the address must fit in a path segment of 100 characters. */
  private sign(body: string): string {
    return this.box.lookup(PURPOSE + body).slice(0, 32);
  }
}
