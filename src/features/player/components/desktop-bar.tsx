import { Grid, HStack, Stack } from '@chakra-ui/react';
import type { Track } from '../../../../domain/track';
import { CastButton } from './cast-button';
import { Cover } from './cover';
import type { PlayerUiProps } from './player-bar-props';
import { QueueDialog } from './queue-dialog';
import { DevicesButton } from '../devices/devices-button';
import { SeekBar } from './seek-bar';
import { SpeedControl } from './speed-control';
import { BpmText, PriceChip, TrackActions, TrackInfo } from './track-details';
import { RepeatButton, TransportButtons } from './transport';
import { VolumeControl } from './volume-control';

/**
 * The bar on screens 1024 px and wider: the track on the left, the transport above a
 * full-width seek bar in the centre, the track's actions, queue and volume on the right.
 */
export function DesktopBar({ track, ...props }: { track: Track } & PlayerUiProps) {
  return (
    <Grid templateColumns="minmax(0, 1fr) minmax(0, 2fr) minmax(0, 1fr)" gap="4" h="full">
      <HStack gap="3" minW="0">
        <Cover track={track} size="44px" />
        <TrackInfo track={track} />
        <PriceChip track={track} />
        <BpmText track={track} />
      </HStack>
      <Stack gap="0" align="center" justify="center" minW="0">
        <HStack gap="1">
          <TransportButtons size="sm" />
          <RepeatButton size="sm" />
        </HStack>
        <SeekBar />
      </Stack>
      <HStack gap="1" justify="flex-end" minW="0">
        <TrackActions track={track} withPrice={false} {...props} />
        <CastButton />
        <SpeedControl />
        <DevicesButton signedIn={props.likedPlaylist !== null} />
        <QueueDialog />
        <VolumeControl />
      </HStack>
    </Grid>
  );
}
