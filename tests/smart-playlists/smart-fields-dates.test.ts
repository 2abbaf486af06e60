import { describe, expect, it } from 'vitest';
import { ALL, fieldCatalogue, type Rule } from './field-catalogue';
import { createSmart, readSmart, sortedTitles, titlesOf } from './smart-helpers';

/** Date and boolean fields, match, sort and limit (the catalogue: field-catalogue.ts). */
const { c, only } = fieldCatalogue();

describe('date fields', () => {
  it('release date', async () => {
    expect(await only({ field: 'releaseDate', op: 'is', value: '2024-01-15' })).toEqual([
      'Espuma',
      'Ola',
    ]);
    expect(await only({ field: 'releaseDate', op: 'gt', value: '2023-06-01' })).toEqual([
      'Espuma',
      'Ola',
    ]);
    expect(await only({ field: 'releaseDate', op: 'lt', value: '2023-01-01' })).toEqual([
      'Room Tone',
    ]);
    expect(
      await only({ field: 'releaseDate', op: 'between', value: ['2023-01-01', '2023-12-31'] }),
    ).toEqual(['Gear', 'Piston']);
    expect(await only({ field: 'releaseDate', op: 'isNot', value: '2024-01-15' })).toEqual([
      'Gear',
      'Piston',
      'Room Tone',
    ]);
    expect(await only({ field: 'releaseDate', op: 'inLast', value: 36500 })).toEqual(ALL);
    expect(await only({ field: 'releaseDate', op: 'notInLast', value: 1 })).toEqual(ALL);
  });

  it('date added', async () => {
    expect(await only({ field: 'dateAdded', op: 'is', value: '2020-05-05' })).toEqual(['Gear']);
    expect(await only({ field: 'dateAdded', op: 'inLast', value: 7 })).toEqual(
      ALL.filter((x) => x !== 'Gear'),
    );
    expect(await only({ field: 'dateAdded', op: 'notInLast', value: 7 })).toEqual(['Gear']);
    expect(await only({ field: 'dateAdded', op: 'lt', value: '2021-01-01' })).toEqual(['Gear']);
    expect(
      await only({ field: 'dateAdded', op: 'between', value: ['2020-01-01', '2020-12-31'] }),
    ).toEqual(['Gear']);
  });

  it("last played is the owner's; never played is not in the last N days", async () => {
    expect(await only({ field: 'lastPlayed', op: 'inLast', value: 7 })).toEqual(['Ola']);
    expect(await only({ field: 'lastPlayed', op: 'notInLast', value: 7 })).toEqual(
      ALL.filter((x) => x !== 'Ola'),
    );
    expect(await only({ field: 'lastPlayed', op: 'gt', value: '2021-01-01' })).toEqual(['Ola']);
    expect(await only({ field: 'lastPlayed', op: 'lt', value: '2021-01-01' })).toEqual(['Piston']);
    expect(await only({ field: 'lastPlayed', op: 'is', value: '2020-01-01' })).toEqual(['Piston']);
  });
});

describe('boolean fields', () => {
  it('liked and favourite album', async () => {
    expect(await only({ field: 'liked', op: 'isTrue' })).toEqual(['Espuma']);
    expect(await only({ field: 'liked', op: 'isFalse' })).toEqual(
      ALL.filter((x) => x !== 'Espuma'),
    );
    expect(await only({ field: 'favouriteAlbum', op: 'isTrue' })).toEqual(['Espuma', 'Ola']);
    expect(await only({ field: 'favouriteAlbum', op: 'isFalse' })).toEqual([
      'Gear',
      'Piston',
      'Room Tone',
    ]);
  });
});

describe('match, sort and limit', () => {
  it('any of the rules, or all of them', async () => {
    const rules: Rule[] = [
      { field: 'genre', op: 'is', value: 'House' },
      { field: 'title', op: 'is', value: 'Gear' },
    ];
    expect(await sortedTitles(c.user, { match: 'any', rules })).toEqual(['Espuma', 'Gear', 'Ola']);
    expect(await sortedTitles(c.user, { match: 'all', rules })).toEqual([]);
  });

  it('sorts (tracks without the value last) and limits', async () => {
    const sort = { field: 'lastPlayed', order: 'desc' } as const;
    const sorted = await titlesOf(c.user, { rules: [], sort });
    expect(sorted.slice(0, 2)).toEqual(['Ola', 'Piston']);
    expect(
      await titlesOf(c.user, { rules: [], sort: { field: 'duration', order: 'asc' } }),
    ).toEqual(['Room Tone', 'Gear', 'Espuma', 'Ola', 'Piston']);
    const id = await createSmart(c.user, {
      rules: [],
      sort: { field: 'title', order: 'desc' },
      limit: 2,
    });
    const limited = await readSmart(c.user, id);
    expect(limited.entries.map((e) => e.audio.audioTitle)).toEqual(['Room Tone', 'Piston']);
    expect(limited).toMatchObject({ cap: 2, truncated: false, limit: 2 });
    const open = await readSmart(c.user, await createSmart(c.user, { rules: [] }));
    expect(open).toMatchObject({ cap: 1000, truncated: false, limit: null });
  });
});
