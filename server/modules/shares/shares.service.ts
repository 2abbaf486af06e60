import { createHash, randomBytes } from 'node:crypto';
import {
  SHARE_MAX_DAYS,
  SHARE_TOKEN_BYTES,
  SHARE_TOKEN_PATTERN,
  SHARES_PER_USER,
  sharePath,
  type CreatedShare,
  type Share,
} from '../../../domain/shares';
import { loadCallerById, type Caller, type CallerDirectory } from '../../access/caller';
import { COLLECTION_NOT_FOUND, requireBrowse } from '../../access/collections';
import { assertMayReadPlaylist, PLAYLIST_NOT_FOUND } from '../../access/playlists';
import {
  assertMayManageShare,
  listsEveryShare,
  mayShareCollection,
  SHARE_NOT_FOUND,
  sharerStillShares,
  shareVisibility,
} from '../../access/share-rights';
import type { Visibility } from '../../access/collections';
import { nowIso, parseJson, type Db } from '../../db/database';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { CatalogueReadRepository } from '../catalogue';
import { isPublic } from '../playlists';
import type { PlaylistsRepository, PlaylistRow } from '../playlists';
import type { ShareRow, SharesRepository } from './shares.repository';

const DAY_MS = 86_400_000;

/** sha256 of the token: all the database holds, so a copy of it opens no link. */
export const hashShareToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** A live link with its sharer as they are now, and what the link may show. */
export interface OpenShare {
  share: ShareRow;
  sharer: Caller;
  visibility: Visibility;
  playlist: PlaylistRow | null;
}

/** Making, listing and revoking links; opening one re-checks every rule against today's data. */
export class SharesService {
  constructor(
    private readonly db: Db,
    private readonly repo: SharesRepository,
    private readonly catalogue: CatalogueReadRepository,
    private readonly playlists: PlaylistsRepository,
    private readonly limiter: RateLimiter,
    private readonly publicUrl: string,
    private readonly callers: CallerDirectory,
  ) {}

  async create(
    caller: Caller,
    input: { collectionId?: number; playlistId?: number; expiresAt?: string },
  ): Promise<CreatedShare> {
    requireBrowse(caller);
    const expiresAt = input.expiresAt ?? null;
    if (expiresAt !== null) {
      const at = Date.parse(expiresAt);
      if (at <= Date.now()) throw new BadRequest('expiresAt must be in the future');
      if (at > Date.now() + SHARE_MAX_DAYS * DAY_MS) {
        throw new BadRequest(`expiresAt must be within ${SHARE_MAX_DAYS} days`);
      }
    }
    if (input.collectionId !== undefined) await this.assertShareable(caller, input.collectionId);
    if (input.playlistId !== undefined) await this.readablePlaylist(caller, input.playlistId);
    if ((await this.repo.countByUser(caller.userId)) >= SHARES_PER_USER) {
      throw new BadRequest(`You can keep at most ${SHARES_PER_USER} share links; revoke one first`);
    }
    const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
    const shareId = await this.repo.insert({
      userId: caller.userId,
      tokenHash: hashShareToken(token),
      collectionId: input.collectionId ?? null,
      playlistId: input.playlistId ?? null,
      createdAt: nowIso(),
      expiresAt,
    });
    return { shareId, token, url: `${this.publicUrl}${sharePath(token)}` };
  }

  async list(caller: Caller): Promise<Share[]> {
    const now = nowIso();
    const rows = await this.repo.list(listsEveryShare(caller) ? null : caller.userId);
    return rows.map((row) => ({
      shareId: row.share_id,
      kind: row.collection_id === null ? 'playlist' : 'collection',
      targetId: row.collection_id ?? row.playlist_id ?? 0,
      targetName: row.collection_name ?? row.playlist_title ?? '',
      userId: row.user_id,
      userName: row.user_name,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      expired: row.expires_at !== null && row.expires_at <= now,
    }));
  }

  async revoke(caller: Caller, shareId: number): Promise<void> {
    const row = await this.repo.findById(shareId);
    if (row === undefined) throw new NotFound(SHARE_NOT_FOUND);
    assertMayManageShare(caller, row);
    await this.repo.delete(shareId);
  }

  /**
   * The live link for this token, or one 404 for every kind of miss (malformed, unknown,
   * expired, revoked, no longer shareable), so answers tell nothing apart. Misses per address
   * are limited: tokens are far too long to guess, this only keeps scanners off the database.
   */
  async open(token: string, ip: string): Promise<OpenShare> {
    await this.limiter.check('shareMissesPerIp', ip);
    const found = await this.tryOpen(token);
    if (found === null) {
      await this.limiter.hit('shareMissesPerIp', ip);
      throw new NotFound(SHARE_NOT_FOUND);
    }
    return found;
  }

  private async tryOpen(token: string): Promise<OpenShare | null> {
    if (!SHARE_TOKEN_PATTERN.test(token)) return null;
    const share = await this.repo.findLive(hashShareToken(token), nowIso());
    if (share === undefined) return null;
    const sharer = await loadCallerById(this.callers, share.user_id);
    if (sharer === undefined || !sharerStillShares(sharer)) return null;
    const visibility = shareVisibility(sharer, await this.repo.roleReaches());
    if (share.collection_id !== null) {
      const [row] = await this.catalogue.collectionsByIds([share.collection_id], visibility);
      return row === undefined ? null : { share, sharer, visibility, playlist: null };
    }
    if (share.playlist_id === null) return null;
    const playlist = await this.playlists.find(share.playlist_id);
    if (playlist === undefined) return null;
    try {
      assertMayReadPlaylist(sharer, playlist, isPublic(playlist));
    } catch {
      return null;
    }
    return { share, sharer, visibility, playlist };
  }

  /** 404 when the caller cannot see it; 403 when they can but it is hidden from some role. */
  private async assertShareable(caller: Caller, collectionId: number): Promise<void> {
    const [row] = await this.catalogue.collectionsByIds([collectionId], caller);
    if (row === undefined) throw new NotFound(COLLECTION_NOT_FOUND);
    const tags = parseJson<string[]>(row.tags, []);
    const collection = { hidden: row.hidden, tags, libraryId: row.library_id };
    if (!mayShareCollection(caller, await this.repo.roleReaches(), collection)) {
      throw new Forbidden('Hidden or restricted collections cannot be shared');
    }
  }

  private async readablePlaylist(caller: Caller, playlistId: number): Promise<PlaylistRow> {
    const playlist = await this.playlists.find(playlistId);
    if (playlist === undefined) throw new NotFound(PLAYLIST_NOT_FOUND);
    assertMayReadPlaylist(caller, playlist, isPublic(playlist));
    return playlist;
  }
}
