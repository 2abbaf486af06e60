import { Box, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { devicesQuery } from '../api/devices';
import DevicesDialog from './devices-dialog';
import { devicesStrings as t } from './devices-strings';

/**
 * While this device plays nothing and another of the user's devices plays: a slim bar at the
 * bottom saying where the music is, with the Devices button to steer it or play it here.
 */
export default function RemoteBar({ onShown }: { onShown: (shown: boolean) => void }) {
  const { data } = useQuery(devicesQuery());
  const remote = data?.devices.find((d) => !d.current && d.online && d.playing !== null);
  const shown = remote !== undefined;
  useEffect(() => {
    onShown(shown);
    return () => onShown(false);
  }, [shown, onShown]);
  if (remote === undefined) return null;
  return (
    <Box
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="docked"
      bg="bg.panel"
      borderTopWidth="1px"
      px="4"
      py="1"
      data-testid="remote-bar"
    >
      <HStack justify="space-between" gap="3">
        <Text truncate fontSize="sm">
          {t.playingOn(remote.name, remote.track?.title ?? null)}
        </Text>
        <DevicesDialog />
      </HStack>
    </Box>
  );
}
