import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from '../database';
import { foundation } from './0001-foundation';
import { catalogue } from './0002-catalogue';
import { comments } from './0003-comments';
import { store } from './0004-store';
import { access } from './0005-access';
import { requests } from './0006-requests';
import { support } from './0008-support';
import { uploads } from './0009-uploads';
import { servers } from './0010-servers';
import { loudness } from './0011-loudness';
import { musicUploads } from './0012-music-uploads';
import { artistsDiscsLyrics } from './0013-artists-discs-lyrics';
import { appPasswords } from './0014-app-passwords';
import { subsonicAnnotations } from './0015-subsonic-annotations';
import { artistIdentity } from './0016-artist-identity';
import { albumNameOrder } from './0017-album-name-order';
import { backupRuns } from './0018-backup-runs';
import { scrobbling } from './0019-scrobbling';
import { shareLinks } from './0020-share-links';
import { rateLimitWindows } from './0021-rate-limit-windows';
import { homepagePopularity } from './0022-homepage-popularity';
import { livingLibrary } from './0023-living-library';
import { scanSummary } from './0024-scan-summary';
import { libraries } from './0025-libraries';
import { listening } from './0026-listening';
import { yearShares } from './0027-year-shares';
import { postgresSearch } from './0028-postgres-search';
import { podcasts } from './0029-podcasts';
import { devices } from './0031-devices';
import { libraryVersion } from './0032-library-version';
import { scanAnalysisProgress } from './0033-scan-analysis-progress';
import { listeningParties } from './0034-listening-parties';
import { stationNowPlaying } from './0035-station-now-playing';
import { partyUpcomingOnce } from './0036-party-upcoming-once';
import { termStatistics } from './0037-term-statistics';
import { filterAndDiscIndexes } from './0038-filter-and-disc-indexes';

/** Migrations live in code (not a folder scan) so tsx, bundles and tests all see the same list. */
function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-foundation': foundation(dialect),
    '0002-catalogue': catalogue(dialect),
    '0003-comments': comments(dialect),
    '0004-store': store(dialect),
    '0005-access': access(),
    '0006-requests': requests(dialect),
    '0008-support': support(dialect),
    '0009-uploads': uploads(),
    '0010-servers': servers(dialect),
    '0011-loudness': loudness(),
    '0012-music-uploads': musicUploads(),
    '0013-artists-discs-lyrics': artistsDiscsLyrics(dialect),
    '0014-app-passwords': appPasswords(dialect),
    '0015-subsonic-annotations': subsonicAnnotations(),
    '0016-artist-identity': artistIdentity(),
    '0017-album-name-order': albumNameOrder(),
    '0018-backup-runs': backupRuns(dialect),
    '0019-scrobbling': scrobbling(dialect),
    '0020-share-links': shareLinks(dialect),
    '0021-rate-limit-windows': rateLimitWindows(),
    '0022-homepage-popularity': homepagePopularity(),
    '0023-living-library': livingLibrary(),
    '0024-scan-summary': scanSummary(),
    '0025-libraries': libraries(dialect),
    '0026-listening': listening(dialect),
    '0027-year-shares': yearShares(dialect),
    '0028-postgres-search': postgresSearch(dialect),
    '0029-podcasts': podcasts(dialect),
    '0031-devices': devices(),
    '0032-library-version': libraryVersion(dialect),
    '0033-scan-analysis-progress': scanAnalysisProgress,
    '0034-listening-parties': listeningParties(dialect),
    '0035-station-now-playing': stationNowPlaying,
    '0036-party-upcoming-once': partyUpcomingOnce,
    '0037-term-statistics': termStatistics(dialect),
    '0038-filter-and-disc-indexes': filterAndDiscIndexes(dialect),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrationsFor(this.dialect));
  }
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  await migrate(db, dialect, null);
}

/** Up or down to the named migration (tests of a migration's data step start below it). */
export async function migrate(db: Db, dialect: Dialect, target: string | null): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error, results } =
    target === null ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${name} failed: ${String(error)}`, { cause: error });
  }
}
