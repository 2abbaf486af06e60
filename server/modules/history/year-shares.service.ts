import { createHash, randomBytes } from 'node:crypto';
import {
  YEAR_SHARES_PER_USER,
  yearSharePath,
  type CreatedYearShare,
  type YearFigures,
  type YearShare,
} from '../../../domain/history';
import { SHARE_TOKEN_BYTES, SHARE_TOKEN_PATTERN } from '../../../domain/shares';
import { loadCallerById, type Caller, type CallerDirectory } from '../../access/caller';
import { requireBrowse } from '../../access/collections';
import { sharerStillShares, shareVisibility } from '../../access/share-rights';
import { nowIso } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { HistoryStatsRepository } from './history-stats.repository';
import { yearBounds, type HistoryService } from './history.service';
import type { YearSharesRepository } from './year-shares.repository';

/** Unknown, malformed and revoked links all answer this, so none can be told apart. */
export const YEAR_SHARE_NOT_FOUND = 'Year share link not found';

interface Repositories {
  yearShares: YearSharesRepository;
  historyStats: HistoryStatsRepository;
}

/** sha256 of the token: all the database holds, so a copy of it opens no link. */
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Share links for one user's year (issue 48): anyone with the link sees the year's figures and
 * top lists, never the user's name, e-mail or when they played. Like collection share links,
 * the link shows what its sharer may see and, of that, only what every role may see, checked
 * again at every open; it stops opening when the sharer is banned, loses browsing or revokes it.
 */
export class YearSharesService {
  constructor(
    private readonly repos: Repositories,
    private readonly history: HistoryService,
    private readonly limiter: RateLimiter,
    private readonly publicUrl: string,
    private readonly callers: CallerDirectory,
  ) {}

  async create(caller: Caller, year: number): Promise<CreatedYearShare> {
    requireBrowse(caller);
    if ((await this.repos.yearShares.countByUser(caller.userId)) >= YEAR_SHARES_PER_USER) {
      throw new BadRequest(
        `You can keep at most ${YEAR_SHARES_PER_USER} year share links; revoke one first`,
      );
    }
    const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
    const yearShareId = await this.repos.yearShares.insert({
      userId: caller.userId,
      tokenHash: hashToken(token),
      year,
      createdAt: nowIso(),
    });
    return { yearShareId, year, token, url: `${this.publicUrl}${yearSharePath(token)}` };
  }

  async list(caller: Caller): Promise<YearShare[]> {
    const rows = await this.repos.yearShares.listByUser(caller.userId);
    return rows.map((row) => ({
      yearShareId: row.year_share_id,
      year: row.year,
      createdAt: row.created_at,
    }));
  }

  /** Only the sharer revokes; anyone else's link answers like a missing one. */
  async revoke(caller: Caller, yearShareId: number): Promise<void> {
    if (!(await this.repos.yearShares.delete(caller.userId, yearShareId)))
      throw new NotFound(YEAR_SHARE_NOT_FOUND);
  }

  /**
   * The figures behind a live link, or one 404 for every kind of miss. Misses per address are
   * limited like share links': tokens are far too long to guess, this keeps scanners away.
   */
  async open(token: string, ip: string): Promise<YearFigures> {
    await this.limiter.check('shareMissesPerIp', ip);
    const figures = await this.tryOpen(token);
    if (figures === null) {
      await this.limiter.hit('shareMissesPerIp', ip);
      throw new NotFound(YEAR_SHARE_NOT_FOUND);
    }
    return figures;
  }

  private async tryOpen(token: string): Promise<YearFigures | null> {
    if (!SHARE_TOKEN_PATTERN.test(token)) return null;
    const share = await this.repos.yearShares.findByHash(hashToken(token));
    if (share === undefined) return null;
    const sharer = await loadCallerById(this.callers, share.user_id);
    if (sharer === undefined || !sharerStillShares(sharer)) return null;
    const viewer = shareVisibility(sharer, await this.repos.historyStats.roleReaches());
    const scope = { userId: sharer.userId, viewer, ...yearBounds(share.year) };
    return this.history.figures(scope, share.year);
  }
}
