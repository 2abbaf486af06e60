import { HStack, IconButton } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { getPlayerEngine } from '../engine/engine';
import { volumeAtom } from '../state/player-atoms';
import { playerStrings as t } from '../strings';
import { SpeakerIcon } from './player-icons';
import { VolumeSlider } from './transport';

/** Speaker button (mute/unmute, remembering the level) beside a small grey volume slider. */
export function VolumeControl() {
  const volume = useAtomValue(volumeAtom);
  return (
    <HStack gap="1">
      <IconButton
        aria-label={volume > 0 ? t.mute : t.unmute}
        aria-pressed={volume === 0}
        variant="ghost"
        size="sm"
        onClick={() => getPlayerEngine().toggleMute()}
      >
        <SpeakerIcon muted={volume === 0} />
      </IconButton>
      <VolumeSlider volume={volume} />
    </HStack>
  );
}
