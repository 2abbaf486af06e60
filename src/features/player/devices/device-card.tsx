import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { Device } from '../../../../domain/devices';
import { formatDuration } from '../../../../domain/format';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon } from '../components/player-icons';
import { commandDevice } from '../api/devices';
import { devicesStrings as t } from './devices-strings';

const SLIDER_REST_MS = 250;

/**
 * One other device: what it plays, its transport, position and volume, and "Play here". The
 * position slider and volume are plain range inputs (keyboard and screen readers know them);
 * a change is sent when let go, not on every step.
 */
export function DeviceCard({
  device,
  fetchedAt,
  onPlayHere,
}: {
  device: Device;
  /** When the list was read: a playing device's position moves on from there. */
  fetchedAt: number;
  onPlayHere: (device: Device) => Promise<void>;
}) {
  const { name, playing, track } = device;
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(Date.now);
  const moving = playing !== null && !playing.paused;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [moving]);
  const send = (body: Parameters<typeof commandDevice>[1]) =>
    void commandDevice(device.deviceId, body).catch(() => undefined);
  // A slider sends where it came to rest, not every step of a drag or of held arrow keys.
  const resting = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sendWhenResting = (body: Parameters<typeof commandDevice>[1]) => {
    if (resting.current !== null) clearTimeout(resting.current);
    resting.current = setTimeout(() => send(body), SLIDER_REST_MS);
  };
  const elapsed = moving ? Math.max(0, now - fetchedAt) : 0;
  const seconds = Math.floor(((playing?.positionMs ?? 0) + elapsed) / 1000);
  return (
    <Stack as="li" gap="2" p="3" borderWidth="1px" rounded="md" data-testid="device-card">
      <HStack justify="space-between">
        <Text fontWeight="semibold">{name}</Text>
        <Text fontSize="sm" color="fg.muted">
          {playing === null ? t.nothing : playing.paused ? t.paused : t.playing}
        </Text>
      </HStack>
      {track !== null && playing !== null ? (
        <>
          <Box minW="0">
            <Text truncate data-testid="device-track">
              {track.title}
            </Text>
            <Text truncate fontSize="sm" color="fg.muted">
              {track.artists.join(', ')} · {track.collectionName}
            </Text>
          </Box>
          <HStack gap="1">
            <IconButton
              aria-label={t.previous(name)}
              variant="ghost"
              size="sm"
              onClick={() => send({ command: 'previous' })}
            >
              <PreviousIcon />
            </IconButton>
            <IconButton
              aria-label={playing.paused ? t.play(name) : t.pause(name)}
              variant="ghost"
              size="sm"
              onClick={() => send({ command: playing.paused ? 'play' : 'pause' })}
            >
              {playing.paused ? <PlayIcon /> : <PauseIcon />}
            </IconButton>
            <IconButton
              aria-label={t.next(name)}
              variant="ghost"
              size="sm"
              onClick={() => send({ command: 'next' })}
            >
              <NextIcon />
            </IconButton>
            <Text fontSize="sm" fontVariantNumeric="tabular-nums" data-testid="device-position">
              {formatDuration(seconds)} / {formatDuration(track.duration)}
            </Text>
          </HStack>
          <input
            type="range"
            aria-label={t.seek(name)}
            min={0}
            max={Math.max(1, Math.floor(track.duration))}
            defaultValue={seconds}
            key={`${track.title}-${fetchedAt}`}
            onChange={(e) =>
              sendWhenResting({ command: 'seek', positionMs: Number(e.currentTarget.value) * 1000 })
            }
          />
          <input
            type="range"
            aria-label={t.volume(name)}
            min={0}
            max={100}
            defaultValue={Math.round(playing.volume * 100)}
            onChange={(e) =>
              sendWhenResting({ command: 'volume', volume: Number(e.currentTarget.value) / 100 })
            }
          />
        </>
      ) : null}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        aria-label={t.playHereLabel(name)}
        loading={busy}
        disabled={playing === null}
        onClick={() => {
          setBusy(true);
          void onPlayHere(device).finally(() => setBusy(false));
        }}
      >
        {t.playHere}
      </Button>
    </Stack>
  );
}
