/**
 * Collection addresses (spec part 1, section 2): /collection/{id}-{slug}, where the slug is the
 * collection name reduced to letters, digits, space and underscore, lowercased, spaces turned
 * into hyphens; the id is the part of the path segment before the first hyphen.
 */

export function collectionSlug(name: string): string {
  return name
    .replace(/[^\p{L}\p{N} _]/gu, '')
    .toLowerCase()
    .replace(/ /g, '-');
}

export function collectionPath(id: number, name: string): string {
  const slug = collectionSlug(name);
  return slug ? `/collection/${id}-${slug}` : `/collection/${id}`;
}

/** The numeric id in a "/collection/{id}-{anything}" segment, or null when it is not a number. */
export function parseCollectionId(segment: string): number | null {
  const head = segment.split('-')[0] ?? '';
  if (!/^\d+$/.test(head)) return null;
  const id = Number(head);
  return Number.isSafeInteger(id) ? id : null;
}
