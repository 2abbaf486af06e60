import { describe, expect, it } from 'vitest';
import { collectionPath, collectionSlug, parseCollectionId } from './slug';

describe('collectionSlug', () => {
  it('keeps letters, digits, space and underscore, lowercases and hyphenates spaces', () => {
    expect(collectionSlug('Hello, World! 2_x')).toBe('hello-world-2_x');
  });
  it('keeps non-latin letters', () => {
    expect(collectionSlug('Björk Ómega')).toBe('björk-ómega');
  });
});

describe('collectionPath', () => {
  it('builds /collection/{id}-{slug}', () => {
    expect(collectionPath(12, 'Hello, World! 2_x')).toBe('/collection/12-hello-world-2_x');
  });
  it('drops the slug when nothing is left of the name', () => {
    expect(collectionPath(3, '!!!')).toBe('/collection/3');
  });
});

describe('parseCollectionId', () => {
  it('takes the part before the first hyphen', () => {
    expect(parseCollectionId('12-any-text')).toBe(12);
    expect(parseCollectionId('12')).toBe(12);
  });
  it('refuses a non-numeric id', () => {
    expect(parseCollectionId('abc-1')).toBeNull();
    expect(parseCollectionId('')).toBeNull();
  });
});
