import { describe, expect, it } from 'vitest';
import { HomepageRepository } from '../../server/modules/catalogue/homepage.repository';
import { addCollection } from '../helpers/collections';
import { perFile, setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';

/*
 * A large library's random mixes are sampled by id instead of shuffling every track (issue 32:
 * 1 s with SQLite's one connection held at 1,000,000 files). Ids spread 1,000 apart give a span
 * of hundreds of thousands with a few hundred rows, so the sampling path runs on a small table.
 */
const c = perFile(() => setUpApp());
const SPACING = 1_000;

async function addTracks(t: TestApp, collectionId: number, fileIds: number[]): Promise<void> {
  for (const fileId of fileIds) {
    await t.db
      .insertInto('files')
      .values({
        file_id: fileId,
        collection_id: collectionId,
        path: `/library/${fileId}.flac`,
        relative_path: `${fileId}.flac`,
        size: 1,
        modified_at: '2026-01-01T00:00:00.000Z',
        added_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await t.db
      .insertInto('audio')
      .values({ file_id: fileId, title: `Track ${fileId}`, format: 'flac', duration: 60 })
      .execute();
  }
}

const range = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => (from + i) * SPACING);

describe('random mixes of a large library', () => {
  it('samples distinct visible tracks from the whole span, and differently each time', async () => {
    const { t } = c;
    const visible = await addCollection(t, 'Sampled visible');
    const hidden = await addCollection(t, 'Sampled hidden', { hidden: true });
    const visibleIds = [...range(1, 150), ...range(301, 150)];
    const hiddenIds = range(151, 150);
    await addTracks(t, visible, visibleIds.slice(0, 150));
    await addTracks(t, hidden, hiddenIds);
    await addTracks(t, visible, visibleIds.slice(150));
    const repo = new HomepageRepository(t.db);

    const first = await repo.randomFileIds(100);
    const second = await repo.randomFileIds(100);

    for (const picks of [first, second]) {
      expect(picks).toHaveLength(100);
      expect(new Set(picks).size).toBe(100);
      expect(picks.every((id) => visibleIds.includes(id))).toBe(true);
      // Both ends of the span are reached: not the first hundred ids in order.
      expect(picks.some((id) => id > 300 * SPACING)).toBe(true);
      expect(picks.some((id) => id < 150 * SPACING)).toBe(true);
    }
    expect([...first].sort()).not.toEqual([...second].sort());
  });

  it('falls back to every visible track when too few are visible to sample', async () => {
    const { t } = c;
    const repo = new HomepageRepository(t.db);
    await t.db.updateTable('collections').set({ hidden: 1 }).execute();
    const rare = await addCollection(t, 'Rare visible');
    const rareIds = [1_000_500, 1_400_500, 1_800_500];
    await addTracks(t, rare, rareIds);

    const picks = await repo.randomFileIds(100);

    expect([...picks].sort()).toEqual([...rareIds].sort());
  });
});
