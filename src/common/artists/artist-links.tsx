import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import type { ArtistRef } from '../../../domain/artist-ref';
import type { Collection } from '../../../domain/collection';

export const ARTIST_SEPARATOR = ', ';

/**
 * A track's or a collection's artists, each a link to its artist page, separated by ", ".
 * Without refs (external tracks, a queue saved before artists were entities, an answer from an
 * older server) the names show as plain text. The links are inline and take the caller's text
 * colour and truncation; a faint underline tells them from the text around them without colour.
 * `onNavigate` runs on a click, for a dialog that must close as the page changes.
 */
export function ArtistLinks({
  refs,
  names,
  onNavigate,
  touchTargets = false,
}: {
  refs: readonly ArtistRef[] | undefined;
  names: readonly string[];
  onNavigate?: () => void;
  /** Each link at least 24 px tall (WCAG 2.5.8), for a line of small text beside other links. */
  touchTargets?: boolean;
}) {
  if (!refs || refs.length === 0) return <>{names.join(ARTIST_SEPARATOR)}</>;
  return (
    <>
      {refs.map((artist, index) => (
        <Fragment key={`${artist.artistId}-${index}`}>
          {index > 0 ? ARTIST_SEPARATOR : null}
          <ChakraLink
            asChild
            variant="underline"
            display={touchTargets ? 'inline-block' : 'inline'}
            minH={touchTargets ? '24px' : undefined}
            lineHeight={touchTargets ? '24px' : undefined}
            color="inherit"
            _hover={{ textDecorationColor: 'currentColor' }}
          >
            <Link to="/artist/$id" params={{ id: String(artist.artistId) }} onClick={onNavigate}>
              {artist.artistName}
            </Link>
          </ChakraLink>
        </Fragment>
      ))}
    </>
  );
}

/**
 * A collection's artists line on cards and tiles: its album artists as links ("Various
 * Artists" for a compilation); the track artists' names as text when it has no refs.
 */
export function CollectionArtistLinks({
  collection,
}: {
  collection: Pick<Collection, 'collectionArtists' | 'audioArtists'>;
}) {
  return (
    <ArtistLinks refs={collection.collectionArtists} names={collection.audioArtists} touchTargets />
  );
}
