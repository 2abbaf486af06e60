import { Badge, Box, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../../domain/format';
import { stationIdOf } from '../../../../domain/long-listening';
import type { Track } from '../../../../domain/track';
import { ARTIST_SEPARATOR, ArtistLinks } from '../../../common/artists/artist-links';
import { playerStrings as t } from '../strings';
import { LikeButton } from './like-button';
import type { PlayerUiProps } from './player-bar-props';
import { PlaylistAddIcon } from './player-icons';
import { StationTitle } from './station-title';

/**
 * Title, then artists and label on one line (so the desktop bar stays 64 px high). The artists
 * link to their pages unless the whole block is itself a button (the phone bar opens the
 * full-screen player), where links cannot be.
 */
export function TrackInfo({ track, linkArtists = true }: { track: Track; linkArtists?: boolean }) {
  return (
    <Box minW="0" textAlign="start">
      <HStack gap="2" minW="0">
        <Text truncate fontWeight="semibold" data-testid="player-title">
          {track.title}
        </Text>
        {track.isPreview ? (
          <Badge size="sm" variant="outline" flexShrink="0" data-testid="player-preview">
            {t.preview}
          </Badge>
        ) : null}
      </HStack>
      <Text truncate textStyle="sm" color="fg.muted">
        <span data-testid="player-artists">
          {stationIdOf(track) !== null ? (
            <StationTitle />
          ) : linkArtists ? (
            <ArtistLinks refs={track.artistRefs} names={track.artists} />
          ) : (
            track.artists.join(ARTIST_SEPARATOR)
          )}
        </span>
        {track.label ? <span data-testid="player-label"> · {track.label}</span> : null}
      </Text>
    </Box>
  );
}

/** A preview's price, linking to the collection where it can be bought. */
export function PriceChip({ track }: { track: Track }) {
  if (!track.isPreview || track.price === null || track.collectionId === undefined) return null;
  return (
    <Button asChild size="xs" colorPalette="brand" variant="subtle">
      <Link
        to="/audio-collection/$id"
        params={{ id: String(track.collectionId), collectionId: track.collectionId }}
        aria-label={t.buy(formatMoney(track.price))}
      >
        {formatMoney(track.price)}
      </Link>
    </Button>
  );
}

/** Shared by the bars and the full-screen player: price (unless shown elsewhere), add, like. */
export function TrackActions({
  track,
  likedPlaylist,
  onAddToPlaylist,
  withPrice = true,
}: { track: Track; withPrice?: boolean } & PlayerUiProps) {
  return (
    <HStack gap="1">
      {withPrice ? <PriceChip track={track} /> : null}
      {track.fileId !== undefined && onAddToPlaylist ? (
        <IconButton
          aria-label={t.addToPlaylist}
          variant="ghost"
          onClick={() => onAddToPlaylist(track.fileId as number)}
        >
          <PlaylistAddIcon />
        </IconButton>
      ) : null}
      {track.fileId !== undefined && likedPlaylist !== null ? (
        <LikeButton fileId={track.fileId} />
      ) : null}
    </HStack>
  );
}

export function BpmText({ track }: { track: Track }) {
  if (track.bpm === null) return null;
  return (
    <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap" data-testid="player-bpm">
      {t.bpm(Math.round(track.bpm))}
    </Text>
  );
}
