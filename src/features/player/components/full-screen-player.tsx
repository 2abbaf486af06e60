import { Box, Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { Track } from '../../../../domain/track';
import { ArtistLinks } from '../../../common/artists/artist-links';
import { DialogShell } from '../../../ui/dialog-shell';
import { getPlayerEngine } from '../engine/engine';
import { usePosition } from '../hooks/use-position';
import { durationAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';
import { Cover } from './cover';
import { DownloadControl } from './download-control';
import { LyricsPanel } from './lyrics-panel';
import type { PlayerUiProps } from './player-bar-props';
import { TrackActions } from './track-details';
import { QueueDialog } from './queue-dialog';
import { SpeedControl } from './speed-control';
import { PositionText, RepeatButton, TransportButtons } from './transport';
import { Waveform } from './waveform';

/** External tracks have no peaks: a plain seek slider on the 320 ms clock. */
function SeekSlider() {
  const position = usePosition();
  const duration = useAtomValue(durationAtom);
  return (
    <input
      type="range"
      aria-label={t.seek}
      min={0}
      max={duration > 0 ? duration : 0}
      step={1}
      value={Math.min(position, duration)}
      style={{ width: '100%' }}
      onChange={(event) => getPlayerEngine().seek(Number(event.currentTarget.value))}
    />
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Text textStyle="sm" color="fg.muted">
      {label}: {value}
    </Text>
  );
}

const COVER_SIZE = 'min(80vw, 320px)';

/**
 * Screens of 1012 px or less: everything about the current track on one page. The Lyrics
 * toggle is offered for every library track (the track's "has lyrics" may be older than an
 * edit, and a queue saved before lyrics existed does not know); without lyrics it says so.
 * On, the lyrics take the cover's place, and stay on from track to track.
 */
export default function FullScreenPlayer({
  track,
  onClose,
  onLeave,
  ...props
}: {
  track: Track;
  /** The close button and Escape: back past the player's history entry. */
  onClose: () => void;
  /** A link that leaves the player for another page (that navigation replaces going back). */
  onLeave: () => void;
} & PlayerUiProps) {
  const [lyrics, setLyrics] = useState(false);
  const lyricsFile = track.external ? undefined : track.fileId;
  const showLyrics = lyrics && lyricsFile !== undefined;
  return (
    <DialogShell
      open
      onClose={onClose}
      placement="top"
      size="full"
      backdrop={false}
      closeLabel={t.closePlayer}
      data-testid="full-screen-player"
    >
      <Dialog.Body>
        <Stack gap="4" maxW="lg" mx="auto" pt="6" align="stretch">
          {showLyrics ? (
            <LyricsPanel fileId={lyricsFile} height="min(60vh, 420px)" />
          ) : (
            <Box alignSelf="center">
              <Cover track={track} size={COVER_SIZE} full />
            </Box>
          )}
          <Box>
            <Dialog.Title textStyle="xl">{track.title}</Dialog.Title>
            <Text color="fg.muted" data-testid="full-player-artists">
              {/* A link leaves the player: the page it opens must not stay under the dialog. */}
              <ArtistLinks refs={track.artistRefs} names={track.artists} onNavigate={onLeave} />
            </Text>
          </Box>
          {track.external || track.fileId === undefined ? (
            <SeekSlider />
          ) : (
            <Waveform fileId={track.fileId} />
          )}
          <HStack justify="space-between">
            <PositionText />
            <HStack gap="1">
              {lyricsFile !== undefined ? (
                <Button
                  size="sm"
                  variant={lyrics ? 'subtle' : 'ghost'}
                  aria-pressed={lyrics}
                  onClick={() => setLyrics((on) => !on)}
                >
                  {t.lyrics}
                </Button>
              ) : null}
              <TrackActions track={track} {...props} />
            </HStack>
          </HStack>
          <HStack justify="center" gap="3">
            <RepeatButton />
            <TransportButtons size="lg" />
            <SpeedControl />
            <QueueDialog />
          </HStack>
          <Stack gap="1">
            <Detail label="Label" value={track.label} />
            <Detail label="BPM" value={track.bpm === null ? null : String(Math.round(track.bpm))} />
            <Detail label={t.genres} value={track.genres.join(', ')} />
            <Detail label={t.released} value={track.releaseDate} />
          </Stack>
          {track.fileId !== undefined &&
          track.collectionId !== undefined &&
          !props.streamingOnly ? (
            <DownloadControl
              fileId={track.fileId}
              collectionId={track.collectionId}
              onBuy={props.onBuy}
            />
          ) : null}
        </Stack>
      </Dialog.Body>
    </DialogShell>
  );
}
