import { describe, expect, it } from 'vitest';
import { ALL, fieldCatalogue } from './field-catalogue';
import { createSmart, readSmart } from './smart-helpers';

/** Text and number fields, every operator (the catalogue: field-catalogue.ts). */
const { c, only } = fieldCatalogue();

describe('text fields, case- and accent-insensitive', () => {
  it('title', async () => {
    expect(await only({ field: 'title', op: 'is', value: 'OLA' })).toEqual(['Ola']);
    expect(await only({ field: 'title', op: 'isNot', value: 'ola' })).toEqual(
      ALL.filter((x) => x !== 'Ola'),
    );
    expect(await only({ field: 'title', op: 'contains', value: 'sPu' })).toEqual(['Espuma']);
    expect(await only({ field: 'title', op: 'notContains', value: 'o' })).toEqual([
      'Espuma',
      'Gear',
    ]);
    expect(await only({ field: 'title', op: 'startsWith', value: 'pi' })).toEqual(['Piston']);
    // LIKE wildcards in a value are literal.
    expect(await only({ field: 'title', op: 'contains', value: '%' })).toEqual([]);
  });

  it('artist and album artist (Björk = bjork)', async () => {
    expect(await only({ field: 'artist', op: 'is', value: 'bjork test' })).toEqual([
      'Gear',
      'Piston',
    ]);
    expect(await only({ field: 'artist', op: 'contains', value: 'RUÍZ' })).toEqual([
      'Espuma',
      'Ola',
    ]);
    expect(await only({ field: 'artist', op: 'isNot', value: 'Ana Ruiz' })).toEqual([
      'Gear',
      'Piston',
      'Room Tone',
    ]);
    expect(await only({ field: 'albumArtist', op: 'startsWith', value: 'mira' })).toEqual([
      'Room Tone',
    ]);
    expect(await only({ field: 'albumArtist', op: 'notContains', value: 'a' })).toEqual([
      'Gear',
      'Piston',
    ]);
  });

  it('album, genre, tag, label, format', async () => {
    expect(await only({ field: 'album', op: 'is', value: 'night works' })).toEqual([
      'Gear',
      'Piston',
    ]);
    expect(await only({ field: 'album', op: 'contains', value: 'TONE' })).toEqual(['Room Tone']);
    expect(await only({ field: 'genre', op: 'is', value: 'house' })).toEqual(['Espuma', 'Ola']);
    expect(await only({ field: 'genre', op: 'isNot', value: 'Techno' })).toEqual([
      'Espuma',
      'Ola',
      'Room Tone',
    ]);
    expect(await only({ field: 'genre', op: 'contains', value: 'amb' })).toEqual(['Room Tone']);
    expect(await only({ field: 'tag', op: 'is', value: 'NEW' })).toEqual(['Espuma', 'Ola']);
    expect(await only({ field: 'tag', op: 'notContains', value: 'ch' })).toEqual([
      'Espuma',
      'Gear',
      'Ola',
      'Piston',
    ]);
    expect(await only({ field: 'tag', op: 'startsWith', value: 'clu' })).toEqual([
      'Gear',
      'Piston',
    ]);
    expect(await only({ field: 'label', op: 'is', value: 'sello azul' })).toEqual([
      'Espuma',
      'Ola',
      'Room Tone',
    ]);
    expect(await only({ field: 'format', op: 'is', value: 'FLAC' })).toEqual(['Espuma', 'Ola']);
    expect(await only({ field: 'format', op: 'isNot', value: 'flac' })).toEqual([
      'Gear',
      'Piston',
      'Room Tone',
    ]);
  });
});

describe('number fields', () => {
  it('library (by id)', async () => {
    expect(await only({ field: 'library', op: 'is', value: c.libraryId })).toEqual(['Room Tone']);
    expect(await only({ field: 'library', op: 'isNot', value: c.libraryId })).toEqual(
      ALL.filter((x) => x !== 'Room Tone'),
    );
  });

  it('year', async () => {
    expect(await only({ field: 'year', op: 'is', value: 2023 })).toEqual(['Gear', 'Piston']);
    expect(await only({ field: 'year', op: 'isNot', value: 2024 })).toEqual([
      'Gear',
      'Piston',
      'Room Tone',
    ]);
    expect(await only({ field: 'year', op: 'gt', value: 2022 })).toEqual(
      ALL.filter((x) => x !== 'Room Tone'),
    );
    expect(await only({ field: 'year', op: 'lt', value: 2023 })).toEqual(['Room Tone']);
    expect(await only({ field: 'year', op: 'between', value: [2024, 2022] })).toEqual(ALL);
  });

  it('duration and BPM', async () => {
    expect(await only({ field: 'duration', op: 'gt', value: 7 })).toEqual(['Ola', 'Piston']);
    expect(await only({ field: 'duration', op: 'lt', value: 4.5 })).toEqual(['Room Tone']);
    expect(await only({ field: 'duration', op: 'between', value: [5.5, 9] })).toEqual([
      'Espuma',
      'Ola',
    ]);
    const playlist = await readSmart(c.user, await createSmart(c.user, { rules: [] }));
    const ola = playlist.entries.find((e) => e.audio.audioTitle === 'Ola')!.audio.audioDuration;
    expect(await only({ field: 'duration', op: 'is', value: ola })).toEqual(['Ola']);
    expect(await only({ field: 'duration', op: 'isNot', value: ola })).toEqual(
      ALL.filter((x) => x !== 'Ola'),
    );
    const bpms = new Map(playlist.entries.map((e) => [e.audio.audioTitle, e.audio.audioBpm]));
    const withBpm = (test: (bpm: number) => boolean) =>
      ALL.filter((title) => bpms.get(title) !== null && test(bpms.get(title)!));
    expect(withBpm((b) => b === 122)).toContain('Ola');
    expect(await only({ field: 'bpm', op: 'is', value: 122 })).toEqual(withBpm((b) => b === 122));
    expect(await only({ field: 'bpm', op: 'gt', value: 100 })).toEqual(withBpm((b) => b > 100));
    expect(await only({ field: 'bpm', op: 'lt', value: 100 })).toEqual(withBpm((b) => b < 100));
    expect(await only({ field: 'bpm', op: 'between', value: [120, 130] })).toEqual(
      withBpm((b) => b >= 120 && b <= 130),
    );
    expect(await only({ field: 'bpm', op: 'isNot', value: 122 })).toEqual(
      ALL.filter((title) => bpms.get(title) !== 122),
    );
  });

  it("play count is the owner's own", async () => {
    expect(await only({ field: 'playCount', op: 'gt', value: 0 })).toEqual(['Ola', 'Piston']);
    expect(await only({ field: 'playCount', op: 'is', value: 2 })).toEqual(['Ola']);
    expect(await only({ field: 'playCount', op: 'isNot', value: 0 })).toEqual(['Ola', 'Piston']);
    expect(await only({ field: 'playCount', op: 'lt', value: 1 })).toEqual([
      'Espuma',
      'Gear',
      'Room Tone',
    ]);
    expect(await only({ field: 'playCount', op: 'between', value: [1, 1] })).toEqual(['Piston']);
  });

  it("rating is the owner's song rating (unrated is 0)", async () => {
    expect(await only({ field: 'rating', op: 'gt', value: 3 })).toEqual(['Room Tone']);
    expect(await only({ field: 'rating', op: 'is', value: 0 })).toEqual(
      ALL.filter((x) => x !== 'Room Tone'),
    );
    expect(await only({ field: 'rating', op: 'between', value: [1, 5] })).toEqual(['Room Tone']);
  });
});
