import { foldText } from './search-text';

/**
 * Which artist a tagged name is: the name as written, Unicode-normalised, trimmed and
 * case-folded. Punctuation is kept ("AC/DC" and "AC-DC" stay apart, "!!!" is a name) and a
 * name is never split ("Simon & Garfunkel" is one artist).
 */
export function artistIdentityKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/** The text artist search matches: name and sort name, folded like collection search. */
export function artistSearchKey(name: string, sortName: string | null): string {
  return foldText(sortName ? `${name} ${sortName}` : name);
}

/** The album artist of a compilation without one, with MusicBrainz's id for it. */
export const VARIOUS_ARTISTS = {
  name: 'Various Artists',
  mbid: '89ad4ac3-39f7-470e-963a-56509c546377',
} as const;
