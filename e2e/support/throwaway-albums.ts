import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test as base } from '@playwright/test';
import { ApiSession } from './api';
import { importLibrary, musicDir, writeAlbums, type AlbumTags } from './music-dir';

export interface FoundCollection {
  collectionId: number;
  collectionName: string;
  collectionAdded: string;
  audioArtists: string[];
  audioReleaseDate: string | null;
}

let made = 0;

/**
 * Collections imported for one test from tagged mp3s under MUSIC_DIR, so destructive tests
 * leave the demo library alone. Every album name carries one word found nowhere else, which
 * is how they are found again and removed (files and rows) when the test ends.
 */
export class ThrowawayAlbums {
  readonly word: string;
  readonly folder: string;

  constructor(private readonly api: ApiSession) {
    made += 1;
    this.word = `throwaway${Date.now().toString(36)}${made}`;
    this.folder = join(musicDir(), this.word);
  }

  /** An album name that includes the shared word. */
  name(label: string): string {
    return `${this.word} ${label}`;
  }

  /** Writes the albums, imports MUSIC_DIR, and answers the collections made, by name. */
  async create(albums: AlbumTags[]): Promise<FoundCollection[]> {
    await writeAlbums(this.folder, albums);
    const job = await importLibrary(this.api);
    expect(job.state).toBe('done');
    const found = await this.find();
    expect(found.map((c) => c.collectionName).sort()).toEqual(
      [...new Set(albums.map((a) => a.album))].sort(),
    );
    return found.sort((a, b) => a.collectionName.localeCompare(b.collectionName));
  }

  async find(): Promise<FoundCollection[]> {
    const found = await this.api.call<{ data: FoundCollection[] }>(
      'POST',
      '/api/audio_collection/search',
      { query: this.word, limit: 500 },
    );
    return found.data.filter((c) => c.collectionName.includes(this.word));
  }

  /** Deletes whatever the test left of its collections, then their folder. */
  async remove(): Promise<void> {
    const leftovers = await this.find();
    if (leftovers.length > 0) {
      await this.api.call('DELETE', '/downloader/collection/bulk', {
        ids: leftovers.map((c) => c.collectionId),
      });
    }
    await rm(this.folder, { recursive: true, force: true });
  }
}

/**
 * `test` with an admin API session (`api`) and throwaway albums made through it (`albums`),
 * both cleaned up after the test whatever its outcome.
 */
export const test = base.extend<{ api: ApiSession; albums: ThrowawayAlbums }>({
  // Playwright reads the fixture's dependencies from this destructuring: it must stay a pattern.
  // eslint-disable-next-line no-empty-pattern
  api: async ({}, use) => {
    const api = await ApiSession.signIn();
    await use(api);
    await api.dispose();
  },
  albums: async ({ api }, use) => {
    const albums = new ThrowawayAlbums(api);
    await use(albums);
    await albums.remove();
  },
});
