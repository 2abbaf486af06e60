import { Button, HStack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { radioStrings } from '../../../common/playback/radio-strings';
import { currentTrackAtom } from '../state/player-atoms';
import { radioSeedAtom } from '../state/radio-atoms';

const session = () => import('../radio/radio-session');

/**
 * The queue dialog's radio line (issue 48): while the queue is a radio, what it does and
 * "Stop radio"; otherwise "Start radio" from the track playing now (a library track).
 */
export function RadioControls() {
  const seed = useAtomValue(radioSeedAtom);
  const track = useAtomValue(currentTrackAtom);
  if (seed !== null) {
    return (
      <HStack gap="3" wrap="wrap" data-testid="radio-on">
        <Text textStyle="sm" color="fg.muted">
          {radioStrings.radioOn}
        </Text>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void session().then((radio) => radio.stopRadio())}
        >
          {radioStrings.stopRadio}
        </Button>
      </HStack>
    );
  }
  if (track?.fileId === undefined) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => void session().then((radio) => radio.startRadioFromCurrent())}
    >
      {radioStrings.startRadio}
    </Button>
  );
}
