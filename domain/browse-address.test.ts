import { describe, expect, it } from 'vitest';
import { filtersToAddress, optionalTextList } from './browse-address';
import { addressKey, defaultFilters, filtersFromAddress } from './browse-filters';

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
    };
    const address = filtersToAddress(filters, { external: '1' }, ['Jazz']);
    expect(address).toMatchObject({
      external: '1',
      genres: [],
      bpm: '100-140',
      from: '2025-01-01',
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
