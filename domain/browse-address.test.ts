import { describe, expect, it } from 'vitest';
import { filtersToAddress } from './browse-address';
import { optionalTextList, parseBrowseAddress } from './browse-address-schema';
import { addressKey, defaultFilters, filtersFromAddress, toSearchFilter } from './browse-filters';

describe('filters written into the address', () => {
  it('leaves the defaults out, so a plain search stays short', () => {
    expect(filtersToAddress({ ...defaultFilters(['Jazz']), query: 'x' }, {}, ['Jazz'])).toEqual({
      query: 'x',
    });
  });

  it('round-trips every filter through the address', () => {
    const filters = {
      ...defaultFilters(['Jazz']),
      query: 'night',
      genres: [],
      artists: ['Mira Vale'],
      labels: ['Copper Tape'],
      tags: ['Club', 'New'],
      dateFrom: '2025-01-01',
      dateTo: '2025-06-30',
      bpmFrom: 100,
      bpmTo: 140,
      libraryId: 2,
    };
    const address = filtersToAddress(filters, { external: 1 }, ['Jazz']);
    expect(address).toMatchObject({
      external: 1,
      genres: [],
      bpm: '100-140',
      from: '2025-01-01',
      library: 2,
    });
    expect(filtersFromAddress(address, ['Jazz'])).toEqual(filters);
  });

  it('folds the link keys into the plural ones', () => {
    const filters = { ...filtersFromAddress({ artist: 'A', tag: 'Club' }), bpmFrom: 120 };
    const address = filtersToAddress(filters, { artist: 'A', tag: 'Club' });
    expect(address).toEqual({ artists: ['A'], tags: ['Club'], bpm: '120-300' });
    expect(addressKey(address)).not.toBe(addressKey({ artist: 'A', tag: 'Club' }));
  });
});

describe('optionalTextList', () => {
  it('reads arrays of texts and nothing else', () => {
    expect(optionalTextList(['a', 2, null])).toEqual(['a', '2']);
    expect(optionalTextList('a')).toBeUndefined();
    expect(optionalTextList(undefined)).toBeUndefined();
  });
});

describe('the address schema (what /browse reads from its query parameters)', () => {
  it('reads the values the router hands over and drops what it does not know', () => {
    expect(
      parseBrowseAddress({ query: 1999, external: '1', genres: ['Jazz', 7], bpm: '60-120', x: 1 }),
    ).toEqual({ query: '1999', external: 1, genres: ['Jazz', '7'], bpm: '60-120' });
  });

  it('reads anything unusable as absent', () => {
    const address = parseBrowseAddress({ external: 2, genres: 'Jazz', query: null });
    expect(address.external).toBeUndefined();
    expect(address.genres).toBeUndefined();
    expect(address.query).toBeUndefined();
  });

  it('reads the library as a positive whole number, anything else as all libraries', () => {
    expect(parseBrowseAddress({ library: 2 }).library).toBe(2);
    expect(parseBrowseAddress({ library: '3' }).library).toBe(3);
    for (const library of [0, -1, 1.5, 'x', null]) {
      expect(parseBrowseAddress({ library }).library).toBeUndefined();
    }
  });

  it('derives the search body from the address in one step', () => {
    const body = toSearchFilter(
      filtersFromAddress(parseBrowseAddress({ tag: 'Club', bpm: '90-100' })),
    );
    expect(body).toMatchObject({ tags: ['Club'], bpmFrom: 90, bpmTo: 100, offset: 0 });
  });
});
