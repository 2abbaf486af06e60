import { setTimeout as sleep } from 'node:timers/promises';
import type { Homepage, PlaylistSummary } from '../../../domain/homepage';
import { foldText } from '../../../domain/search-text';
import type { Dialect } from '../../db/database';
import type { JobQueue } from '../../jobs/queue/job-queue';
import type { SettingsService } from '../settings';
import type { CatalogueReadRepository } from './catalogue-read.repository';
import type { CollectionWireRow } from './collection-mapper';
import type {
  HomepageRepository,
  GeneratedKind,
  GeneratedPlaylist,
  PlaylistSummaryRow,
} from './homepage.repository';
import type { Caller } from '../../access/caller';

const ROW_SIZE = 12;
const MIX_SIZE = 20;
const TOP_SIZE = 25;
const MAX_TOP_GENRES = 30;
const SPECIAL_SIZE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const KINDS: GeneratedKind[] = ['random', 'top', 'special'];
/**
 * The job that builds stale generated playlists (issue 32): sent by a homepage that saw them
 * stale, and checked hourly so a library nobody visits is renewed too.
 */
const BUILD_JOB = 'homepage-playlists';
const CHECK_JOB = 'homepage-playlists-check';
const CHECK_PERIOD_MS = 60 * 60 * 1000;
/** A build reads the whole library once per kind: minutes at 1,000,000 files, not seconds. */
const BUILD_EXPIRE_SECONDS = 30 * 60;

type GeneratedState = Map<string, { count: number; oldest: string }>;

/** Renewed daily; the random ones also when their count no longer matches the setting. */
function isStale(state: GeneratedState, kind: GeneratedKind, randomCount: number): boolean {
  const current = state.get(kind);
  if (kind === 'random' && (current?.count ?? 0) !== randomCount) return true;
  if (kind === 'random' && randomCount === 0) return false;
  return current === undefined || Date.now() - Date.parse(current.oldest) > DAY_MS;
}

/** Promise.all by name: every promise of the record awaited at once, answered as a record. */
async function allOf<T extends Record<string, unknown>>(
  record: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(
    Object.entries(record).map(async ([key, value]) => [key, await value] as const),
  );
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}

const toSummary = (row: PlaylistSummaryRow): PlaylistSummary => ({
  playlistId: Number(row.playlist_id),
  playlistTitle: row.title,
  playlistDescription: row.description,
  playlistPublic: Number(row.public) === 1,
  playlistImageHash: row.image_hash,
  playlistTrackCount: Number(row.track_count),
});

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** GET /api/homepage: tag rows, top collections and the generated playlist sections. */
export class HomepageService {
  /** One generation at a time per app; the transaction lock covers other processes. */
  private generating: Promise<void> | null = null;

  constructor(
    private readonly repo: HomepageRepository,
    private readonly read: CatalogueReadRepository,
    private readonly settings: SettingsService,
    private readonly dialect: Dialect,
    private readonly jobs: JobQueue,
  ) {}

  /** Registers the build job and its hourly check; before the queue starts (buildApp). */
  schedule(): void {
    this.jobs.work(BUILD_JOB, () => this.buildStale(), { expireInSeconds: BUILD_EXPIRE_SECONDS });
    this.jobs.every(CHECK_JOB, { periodMs: CHECK_PERIOD_MS, firstRunMs: 60 * 1000 }, () =>
      this.buildStale(),
    );
  }

  /**
   * Answers with the generated playlists as they are (yesterday's, or none on a new server):
   * a stale kind is rebuilt by the job, never inside the request, which on SQLite would hold
   * the one connection for as long as the build reads the library. The reads do not depend on
   * each other: on PostgreSQL they run at once on the pool (SQLite takes them in turn).
   */
  async homepage(
    viewer: Caller,
    wire: (rows: CollectionWireRow[]) => Promise<Homepage['collectionsTop']>,
  ): Promise<Homepage> {
    const settings = await this.settings.get();
    const cards = async (kind: string, publicOnly: boolean) =>
      (await this.repo.summaries(kind, publicOnly)).map(toSummary);
    const [homepage] = await Promise.all([
      allOf({
        collectionsTags: Promise.all(
          settings.homepageCollectionTags.map(async (tag) => ({
            tag,
            collections: await wire(await this.read.newestWithTag(foldText(tag), viewer, ROW_SIZE)),
          })),
        ),
        playlistsEditor: cards('editor', true),
        playlistsRandom: cards('random', false),
        playlistsTop: cards('top', false),
        playlistsSpecial: cards('special', false),
        collectionsTop: this.read.mostPopular(viewer, ROW_SIZE).then(wire),
      }),
      this.requestBuildIfStale(settings.randomizedPlaylistsCount),
    ]);
    return homepage;
  }

  /** One cheap query; the job is sent (at most one waits at a time), not awaited. */
  private async requestBuildIfStale(randomCount: number): Promise<void> {
    const state = await this.repo.generatedState();
    if (KINDS.some((kind) => isStale(state, kind, randomCount)))
      await this.jobs.send(BUILD_JOB, {}, { singletonKey: BUILD_JOB });
  }

  /** The job: rebuilds the stale kinds with the current settings. */
  async buildStale(): Promise<void> {
    const settings = await this.settings.get();
    await this.ensureGenerated(
      settings.randomizedPlaylistsCount,
      settings.generatedPlaylistsUserId,
    );
  }

  /** Rebuilds generated playlists older than a day, or the random ones when the count changed. */
  ensureGenerated(randomCount: number, preferredOwner: number | null): Promise<void> {
    this.generating ??= this.generate(randomCount, preferredOwner).finally(() => {
      this.generating = null;
    });
    return this.generating;
  }

  /**
   * Each kind is read outside any transaction, one query at a time (a genre per query), so on
   * SQLite the connection is free for requests between steps; only the replace of one kind is
   * a transaction, where the state is read again under the lock: a kind another server renewed
   * meanwhile is left as it is.
   */
  private async generate(randomCount: number, preferredOwner: number | null): Promise<void> {
    const before = await this.repo.generatedState();
    const stale = KINDS.filter((kind) => isStale(before, kind, randomCount));
    if (stale.length === 0) return;
    const owner = await this.repo.playlistOwner(preferredOwner);
    if (owner === null) return;
    for (const kind of stale) {
      const playlists = await this.build(kind, randomCount);
      await this.repo.generating(this.dialect, async (trx) => {
        if (!isStale(await this.repo.generatedState(trx), kind, randomCount)) return;
        await this.repo.replaceGenerated(kind, owner, playlists, trx);
      });
    }
  }

  /**
   * One read of a build. On SQLite a request's queries and the build's take turns on the one
   * connection, so a homepage of ten steps waited behind ten of them (1.9 s at 1,000,000
   * files, benchmarks). Resting after each read as long as it took lets every request waiting
   * meanwhile finish first: a request waits for one read at most, and the build takes about
   * twice as long. PostgreSQL's pool runs both at once.
   */
  private async buildRead<T>(query: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await query();
    if (this.dialect === 'sqlite') await sleep(performance.now() - started);
    return result;
  }

  private async build(kind: GeneratedKind, randomCount: number): Promise<GeneratedPlaylist[]> {
    switch (kind) {
      case 'random': {
        const pool = await this.buildRead(() => this.repo.randomFileIds(randomCount * MIX_SIZE));
        if (pool.length === 0) return [];
        // A small library cannot fill every mix with distinct tracks: reshuffle the pool.
        const enough = pool.length >= randomCount * MIX_SIZE;
        return Array.from({ length: randomCount }, (_, i) => ({
          title: `Random mix ${i + 1}`,
          description: 'Twenty tracks picked at random from the library, renewed daily',
          fileIds: enough
            ? pool.slice(i * MIX_SIZE, (i + 1) * MIX_SIZE)
            : shuffled(pool).slice(0, MIX_SIZE),
        }));
      }
      case 'top': {
        // Genres are ranked over every collection; one whose tracks are all hidden gives an
        // empty list, so a few more are read than are kept.
        const genres = await this.buildRead(() =>
          this.repo.genresByCollections(MAX_TOP_GENRES * 2),
        );
        const playlists: GeneratedPlaylist[] = [];
        for (const genre of genres) {
          if (playlists.length === MAX_TOP_GENRES) break;
          const fileIds = await this.buildRead(() =>
            this.repo.topFileIdsOfGenre(genre.value_key, TOP_SIZE),
          );
          if (fileIds.length === 0) continue;
          playlists.push({
            title: `Top ${genre.value}`,
            description: `The most played ${genre.value} tracks`,
            fileIds,
          });
        }
        return playlists;
      }
      case 'special': {
        const since = new Date(Date.now() - 30 * DAY_MS).toISOString();
        return [
          {
            title: 'Fresh this month',
            description: 'Tracks added in the last 30 days',
            fileIds: await this.buildRead(() => this.repo.freshFileIds(since, SPECIAL_SIZE)),
          },
          {
            title: 'Long players',
            description: 'The longest tracks in the library',
            fileIds: await this.buildRead(() => this.repo.longestFileIds(TOP_SIZE)),
          },
        ];
      }
    }
  }
}
