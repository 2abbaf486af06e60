import { artistIdentityKey } from '../../../domain/artist-keys';
import type { PlaylistEntry } from '../../../domain/playlist';
import { RADIO_ARTIST_WINDOW, type RadioSeed } from '../../../domain/radio';
import { foldText } from '../../../domain/search-text';
import type { Caller } from '../../access/caller';
import { COLLECTION_NOT_FOUND, FILE_NOT_FOUND, requireBrowse } from '../../access/collections';
import { NotFound } from '../../errors';
import type { RadioCandidatesRepository } from './radio-candidates.repository';
import {
  pickDiverse,
  pickLeastRepeated,
  profileOf,
  similarity,
  type Scored,
  type SeedProfile,
} from './radio-scoring';
import type { RadioRepository } from './radio.repository';

export const ARTIST_NOT_FOUND = 'Artist not found';
export const GENRE_NOT_FOUND = 'Genre not found';

/** How many tracks of a collection or an artist make a seed's profile. */
const SEED_TRACKS = 30;
/** The cap of each candidate lookup. */
const PER_LOOKUP = 80;
/** Co-listening looks at the last year of plays. */
const CO_LISTEN_DAYS = 365;
/** Widening rounds (random tracks) before a page is answered short. */
const WIDEN_ROUNDS = 4;

interface Seed {
  profile: SeedProfile;
  /** The seed's own tracks: who played them is who co-listens. */
  files: number[];
}

export interface RadioRequest {
  seed: RadioSeed;
  count: number;
  /** The session's queue so far, in queue order: never answered again. */
  exclude: readonly number[];
}

/**
 * Radio and instant mix (issue 48): a seed's profile, candidate sets by shared artists, genres,
 * tags, label and co-listening, scored with some chance and picked so that no artist has more
 * than 3 tracks in any 20 queue entries; widened by genre, era, then anything visible, so the
 * radio never ends while the library has tracks the session has not played. Only what the
 * caller may see is ever read (the access twin in every lookup, and once more on features).
 */
export class RadioService {
  constructor(
    private readonly repos: { radio: RadioRepository; radioCandidates: RadioCandidatesRepository },
    /** The play-queue module's entries for file ids, in order, as the caller may see them. */
    private readonly entriesFor: (caller: Caller, fileIds: number[]) => Promise<PlaylistEntry[]>,
    private readonly random: () => number = Math.random,
  ) {}

  /** GET /api/radio: a file seed starts with the seed itself unless already queued. */
  async page(caller: Caller, request: RadioRequest): Promise<PlaylistEntry[]> {
    const ids = await this.similarIds(caller, request, request.seed.kind === 'file');
    return this.entries(caller, ids);
  }

  /**
   * The file ids of the next radio page, in queue order. `leadWithSeed`: a file seed is the
   * first entry (when not in `exclude`).
   */
  async similarIds(caller: Caller, request: RadioRequest, leadWithSeed = false): Promise<number[]> {
    requireBrowse(caller);
    const seed = await this.seed(caller, request.seed);
    const taken = new Set(request.exclude);
    const tail = request.exclude.slice(-(RADIO_ARTIST_WINDOW - 1));
    const tailArtists = await this.repos.radio.artistsOf(tail);
    const recent: Array<readonly number[]> = tail.map((id) => tailArtists.get(id) ?? []);
    const picks: number[] = [];
    const first = request.seed.kind === 'file' ? request.seed.id : null;
    if (leadWithSeed && first !== null && !taken.has(first)) {
      picks.push(first);
      taken.add(first);
      recent.push((await this.repos.radio.artistsOf([first])).get(first) ?? []);
    }
    // A track is never "similar to itself"; an album's or artist's own tracks belong in it.
    if (first !== null) taken.add(first);
    const skip = [...taken];
    const span = await this.repos.radioCandidates.idSpan();
    const pool = new Map<number, Scored>();
    const take = () => {
      // Again until nothing more fits: a pick can let an earlier-refused artist back in.
      for (;;) {
        const before = picks.length;
        const rest = [...pool.values()].filter((c) => !taken.has(c.fileId));
        picks.push(...pickDiverse(rest, request.count - picks.length, recent, taken));
        if (picks.length === before || picks.length >= request.count) return;
      }
    };
    await this.score(caller, seed, await this.similar(caller, seed, skip, span), pool);
    take();
    for (let round = 0; picks.length < request.count && round < WIDEN_ROUNDS; round += 1) {
      const wider = await this.wider(caller, seed, [...taken], span, round);
      if (wider.size === 0 && round > 0) break;
      await this.score(caller, seed, wider, pool);
      take();
    }
    if (picks.length < request.count) {
      const rest = [...pool.values()];
      picks.push(...pickLeastRepeated(rest, request.count - picks.length, recent, taken));
    }
    return picks;
  }

  /** getTopSongs: the visible tracks of the artist of this name, most played first. */
  async topSongIds(caller: Caller, artistName: string, count: number): Promise<number[]> {
    requireBrowse(caller);
    const key = artistIdentityKey(artistName);
    if (key === '' || count <= 0) return [];
    return this.repos.radio.topTracks(key, caller, count);
  }

  /** The picks as playlist entries, in pick order. */
  private entries(caller: Caller, ids: readonly number[]): Promise<PlaylistEntry[]> {
    return this.entriesFor(caller, [...ids]);
  }

  /** The seed's profile, or 404 when the caller may not see it (like a missing one). */
  private async seed(caller: Caller, seed: RadioSeed): Promise<Seed> {
    const { radio } = this.repos;
    const fromFiles = async (files: number[], message: string): Promise<Seed> => {
      const features = [...(await radio.features(files, caller)).values()];
      if (features.length === 0) throw new NotFound(message);
      return { profile: profileOf(features), files: features.map((f) => f.fileId) };
    };
    switch (seed.kind) {
      case 'file':
        return fromFiles([seed.id], FILE_NOT_FOUND);
      case 'collection':
        return fromFiles(
          await radio.collectionFiles(seed.id, caller, SEED_TRACKS),
          COLLECTION_NOT_FOUND,
        );
      case 'artist': {
        const made = await fromFiles(
          await radio.artistFiles(seed.id, caller, SEED_TRACKS),
          ARTIST_NOT_FOUND,
        );
        // The artist leads the profile, whoever else their tracks credit.
        made.profile.artists = new Set([seed.id]);
        made.profile.albumArtists = new Set([seed.id]);
        return made;
      }
      case 'genre': {
        const key = foldText(seed.name);
        if (key === '' || !(await radio.genreVisible(key, caller)))
          throw new NotFound(GENRE_NOT_FOUND);
        return {
          profile: {
            artists: new Set(),
            albumArtists: new Set(),
            genres: new Set([key]),
            tags: new Set(),
            labels: new Set(),
            year: null,
            bpm: null,
            loudness: null,
          },
          files: [],
        };
      }
    }
  }

  private randomId(max: number): number {
    return 1 + Math.floor(this.random() * Math.max(1, max));
  }

  /** The first candidate sets: same artists, genres, tags and label, and co-listened files. */
  private async similar(
    caller: Caller,
    seed: Seed,
    skip: number[],
    span: { files: number; collections: number },
  ): Promise<Map<number, number>> {
    const c = this.repos.radioCandidates;
    const { profile } = seed;
    const since = new Date(Date.now() - CO_LISTEN_DAYS * 86_400_000).toISOString();
    const atFile = () => this.randomId(span.files);
    const atCollection = () => this.randomId(span.collections);
    const sets = await Promise.all([
      c.byTrackArtists([...profile.artists], caller, skip, atFile(), PER_LOOKUP),
      c.byAlbumArtists([...profile.albumArtists], caller, skip, atCollection(), PER_LOOKUP),
      c.byTerms('genre', [...profile.genres], caller, skip, atCollection(), PER_LOOKUP),
      c.byTerms('tag', [...profile.tags], caller, skip, atCollection(), PER_LOOKUP),
      c.byTerms('label', [...profile.labels], caller, skip, atCollection(), PER_LOOKUP),
    ]);
    const coListened = await c.coListened(seed.files, skip, since, PER_LOOKUP);
    const answer = new Map<number, number>(coListened);
    for (const id of sets.flat()) if (!answer.has(id)) answer.set(id, 0);
    return answer;
  }

  /** Widening: round 0 the same genres and era again elsewhere, then anything visible. */
  private async wider(
    caller: Caller,
    seed: Seed,
    skip: number[],
    span: { files: number; collections: number },
    round: number,
  ): Promise<Map<number, number>> {
    const c = this.repos.radioCandidates;
    const { profile } = seed;
    const sets: number[][] = [];
    if (round === 0) {
      const at = this.randomId(span.collections);
      sets.push(await c.byTerms('genre', [...profile.genres], caller, skip, at, PER_LOOKUP));
      if (profile.year !== null) {
        const from = `${String(profile.year - 3).padStart(4, '0')}`;
        const to = `${String(profile.year + 4).padStart(4, '0')}`;
        sets.push(await c.byEra(from, to, caller, skip, PER_LOOKUP));
      }
    }
    sets.push(await c.anyFrom(caller, skip, this.randomId(span.files), PER_LOOKUP));
    return new Map(sets.flat().map((id) => [id, 0]));
  }

  /** Scores new candidates (visible ones only: features is the gate) into the pool. */
  private async score(
    caller: Caller,
    seed: Seed,
    candidates: Map<number, number>,
    pool: Map<number, Scored>,
  ): Promise<void> {
    const fresh = [...candidates.keys()].filter((id) => !pool.has(id));
    const features = await this.repos.radio.features(fresh, caller);
    const top = Math.max(1, ...candidates.values());
    for (const track of features.values()) {
      const coListened = (candidates.get(track.fileId) ?? 0) / top;
      pool.set(track.fileId, {
        fileId: track.fileId,
        artists: track.artists,
        score: similarity(track, seed.profile, coListened, this.random()),
      });
    }
  }
}
