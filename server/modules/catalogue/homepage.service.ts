import type { Homepage, PlaylistSummary } from '../../../domain/homepage';
import { foldText } from '../../../domain/search-text';
import type { Dialect } from '../../db/database';
import type { SettingsService } from '../settings/settings.service';
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
  ) {}

  async homepage(
    viewer: Caller,
    wire: (rows: CollectionWireRow[]) => Promise<Homepage['collectionsTop']>,
  ): Promise<Homepage> {
    const settings = await this.settings.get();
    await this.ensureGenerated(
      settings.randomizedPlaylistsCount,
      settings.generatedPlaylistsUserId,
    );
    const collectionsTags: Homepage['collectionsTags'] = [];
    for (const tag of settings.homepageCollectionTags) {
      const rows = await this.read.newestWithTag(foldText(tag), viewer, ROW_SIZE);
      collectionsTags.push({ tag, collections: await wire(rows) });
    }
    const cards = async (kind: string, publicOnly: boolean) =>
      (await this.repo.summaries(kind, publicOnly)).map(toSummary);
    return {
      collectionsTags,
      playlistsEditor: await cards('editor', true),
      playlistsRandom: await cards('random', false),
      playlistsTop: await cards('top', false),
      playlistsSpecial: await cards('special', false),
      collectionsTop: await wire(await this.read.mostPopular(viewer, ROW_SIZE)),
    };
  }

  /** Rebuilds generated playlists older than a day, or the random ones when the count changed. */
  ensureGenerated(randomCount: number, preferredOwner: number | null): Promise<void> {
    this.generating ??= this.generate(randomCount, preferredOwner).finally(() => {
      this.generating = null;
    });
    return this.generating;
  }

  private async generate(randomCount: number, preferredOwner: number | null): Promise<void> {
    const isStale = (
      state: Map<string, { count: number; oldest: string }>,
      kind: GeneratedKind,
    ): boolean => {
      const current = state.get(kind);
      if (kind === 'random' && (current?.count ?? 0) !== randomCount) return true;
      if (kind === 'random' && randomCount === 0) return false;
      return current === undefined || Date.now() - Date.parse(current.oldest) > DAY_MS;
    };
    // Cheap check outside the transaction: most homepage calls have nothing to do.
    const before = await this.repo.generatedState();
    const kinds: GeneratedKind[] = ['random', 'top', 'special'];
    if (!kinds.some((kind) => isStale(before, kind))) return;

    await this.repo.generating(this.dialect, async (trx) => {
      const owner = await this.repo.playlistOwner(preferredOwner, trx);
      if (owner === null) return;
      const state = await this.repo.generatedState(trx);
      for (const kind of kinds) {
        if (!isStale(state, kind)) continue;
        const playlists = await this.build(kind, randomCount, trx);
        await this.repo.replaceGenerated(kind, owner, playlists, trx);
      }
    });
  }

  private async build(
    kind: GeneratedKind,
    randomCount: number,
    trx: Parameters<HomepageRepository['randomFileIds']>[1],
  ): Promise<GeneratedPlaylist[]> {
    switch (kind) {
      case 'random': {
        const pool = await this.repo.randomFileIds(randomCount * MIX_SIZE, trx);
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
        const genres = await this.repo.genresWithAudio(MAX_TOP_GENRES, trx);
        const playlists: GeneratedPlaylist[] = [];
        for (const genre of genres) {
          playlists.push({
            title: `Top ${genre.value}`,
            description: `The most played ${genre.value} tracks`,
            fileIds: await this.repo.topFileIdsOfGenre(genre.value_key, TOP_SIZE, trx),
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
            fileIds: await this.repo.freshFileIds(since, SPECIAL_SIZE, trx),
          },
          {
            title: 'Long players',
            description: 'The longest tracks in the library',
            fileIds: await this.repo.longestFileIds(TOP_SIZE, trx),
          },
        ];
      }
    }
  }
}
