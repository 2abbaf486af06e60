import { describe, expect, it } from 'vitest';
import { planFor } from './early-data';

const tile = (hash: string | null) => ({ collectionImageHash: hash });

describe('planFor', () => {
  it('home asks for /api/homepage and names the first three covers of its first non-empty row', () => {
    const plan = planFor('/');
    expect(plan?.path).toBe('/api/homepage');
    const answer = {
      collectionsTags: [
        { tag: 'Empty', collections: [] },
        { tag: 'New', collections: [tile('a'), tile(null), tile('c'), tile('d')] },
        { tag: 'Old', collections: [tile('e')] },
      ],
    };
    expect(plan?.covers(answer)).toEqual([
      { hash: 'a', thumb: true },
      { hash: 'c', thumb: true },
    ]);
  });

  it('trusts nothing in an answer it has not checked', () => {
    const covers = planFor('/')!.covers;
    for (const answer of [null, 'text', {}, { collectionsTags: 'x' }, { collectionsTags: [null] }])
      expect(covers(answer)).toEqual([]);
    const collection = planFor('/collection/3')!.covers;
    for (const answer of [
      null,
      {},
      { collection: null },
      { collection: { collectionImageHash: 5 } },
    ])
      expect(collection(answer)).toEqual([]);
  });

  it('the collection page asks for its collection and names its full-size cover', () => {
    const plan = planFor('/collection/14-harbour-lights');
    expect(plan?.path).toBe('/api/audio_collection/14');
    expect(plan?.covers({ collection: { collectionImageHash: 'ff' } })).toEqual([
      { hash: 'ff', thumb: false },
    ]);
  });

  it('other pages, and addresses that are no collection id, start nothing', () => {
    for (const path of ['/login', '/browse', '/collection/abc', '/collection/1/x', '/collection/'])
      expect(planFor(path)).toBeNull();
  });
});
