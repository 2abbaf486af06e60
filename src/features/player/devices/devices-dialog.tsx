import { Button, Dialog, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Device } from '../../../../domain/devices';
import { queryKeys } from '../../../common/query-keys';
import { entryTracks } from '../../../common/playlists/entry-tracks';
import { DialogShell } from '../../../ui/dialog-shell';
import { commandDevice, devicesQuery, renameDevice } from '../api/devices';
import { getPlayerEngine } from '../engine/engine';
import { DeviceCard } from './device-card';
import { devicesStrings as t } from './devices-strings';

const DevicesIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" fill="currentColor">
    <path d="M4 6h18V4H4a2 2 0 0 0-2 2v11H0v3h14v-3H4V6zm19 2h-6a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1zm-1 9h-4v-7h4v7z" />
  </svg>
);

/** This device's name, editable in place. */
function ThisDevice({ device }: { device: Device }) {
  const client = useQueryClient();
  const [name, setName] = useState(device.name);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await renameDevice(device.deviceId, name);
      await client.invalidateQueries({ queryKey: queryKeys.devices.all });
    } finally {
      setSaving(false);
    }
  };
  return (
    <HStack as="form" gap="2" onSubmit={(e) => (e.preventDefault(), void save())}>
      <Input
        size="sm"
        aria-label={t.renameLabel}
        value={name}
        maxLength={60}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Button size="sm" type="submit" loading={saving} disabled={name.trim() === ''}>
        {t.save}
      </Button>
    </HStack>
  );
}

/**
 * The user's devices (issue 50): this one (named here), and every other one online with what
 * it plays and its controls. "Play here" moves the other device's queue and position to this
 * one, which starts playing while the other stops.
 */
export default function DevicesDialog() {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      placement="top"
      scrollBehavior="inside"
      size={{ base: 'full', md: 'md' }}
      trigger={
        <IconButton aria-label={t.devices} variant="ghost" data-testid="devices-button">
          <DevicesIcon />
        </IconButton>
      }
    >
      <Dialog.Header>
        <Dialog.Title>{t.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <DevicesList onTaken={() => setOpen(false)} />
      </Dialog.Body>
    </DialogShell>
  );
}

function DevicesList({ onTaken }: { onTaken: () => void }) {
  const { data, isError, dataUpdatedAt } = useQuery(devicesQuery());
  if (isError) return <Text color="fg.error">{t.failed}</Text>;
  if (data === undefined) return null;
  const current = data.devices.find((d) => d.current);
  const others = data.devices.filter((d) => !d.current && d.online);
  const playHere = async (device: Device) => {
    const answer = await commandDevice(device.deviceId, { command: 'transfer' });
    const moved = answer.transfer;
    if (moved === undefined || moved.entries.length === 0) return;
    const engine = getPlayerEngine();
    engine.cueTracks(entryTracks(moved.entries), moved.index, moved.positionMs / 1000);
    engine.play();
    onTaken();
  };
  return (
    <Stack gap="4">
      {current === undefined ? null : (
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            {t.thisDevice}
          </Text>
          <ThisDevice device={current} />
        </Stack>
      )}
      {others.length === 0 ? (
        <Text color="fg.muted">{t.noOthers}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {others.map((device) => (
            <DeviceCard
              key={device.deviceId}
              device={device}
              fetchedAt={dataUpdatedAt}
              onPlayHere={playHere}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
