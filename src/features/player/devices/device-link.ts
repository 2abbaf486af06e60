import type { getDefaultStore } from 'jotai';
import {
  DEVICE_QUEUE_MAX,
  type DeviceChannelMessage,
  type DeviceReport,
} from '../../../../domain/devices';
import { queryClient } from '../../../app/query-client';
import { queryKeys } from '../../../common/query-keys';
import type { PlayerEngine } from '../engine/player-engine';
import {
  currentTrackAtom,
  indexAtom,
  pausedAtom,
  queueAtom,
  volumeAtom,
} from '../state/player-atoms';
import { DeviceChannel } from './device-channel';
import { deviceId } from './device-id';

type Store = ReturnType<typeof getDefaultStore>;

/** While playing, the position is said again this often, so others' estimates stay close. */
const PLAYING_REPORT_MS = 10_000;
/** A position this far from where the last report would have it now is a seek. */
const SEEK_JUMP_S = 1.5;
/** Reports closer together than this are merged (the server takes five a second). */
const COALESCE_MS = 300;
/**
 * A seek is said sooner: another device's "Play here" starts from the last report, and a seek
 * noticed only by the watcher below reached it up to 1.3 s late.
 */
const SEEK_REPORT_MS = 50;
/** No two reports closer than this, whatever asks (five a second). */
const MIN_GAP_MS = 200;

/** What this device plays and its queue, as the channel reports it. */
export function reportOf(engine: PlayerEngine, store: Store): DeviceReport {
  const track = store.get(currentTrackAtom);
  const queue = store.get(queueAtom);
  const index = store.get(indexAtom);
  // External tracks (no file id) cannot move to another device; the window keeps the current.
  const start = Math.max(
    0,
    Math.min(index - DEVICE_QUEUE_MAX / 2, queue.length - DEVICE_QUEUE_MAX),
  );
  const window = queue.slice(start, start + DEVICE_QUEUE_MAX);
  const fileIds = window.flatMap((t) => (t.fileId === undefined ? [] : [t.fileId]));
  const current = window.slice(0, index - start).filter((t) => t.fileId !== undefined).length;
  return {
    type: 'state',
    playing:
      track?.fileId === undefined
        ? null
        : {
            fileId: track.fileId,
            positionMs: Math.max(0, Math.round(engine.position * 1000)),
            paused: store.get(pausedAtom),
            volume: store.get(volumeAtom),
          },
    queue: fileIds.length === 0 ? null : { fileIds, index: Math.min(current, fileIds.length - 1) },
  };
}

/**
 * Links the player to the user's other devices (issue 50): reports what it plays on every
 * change, and obeys what another device asks (play, pause, skip, seek, volume; "stop" when
 * another device took the music over). Answers a function that unlinks it (signing out).
 */
export async function linkDevice(engine: PlayerEngine, store: Store): Promise<() => void> {
  const id = await deviceId();
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  let pending: ReturnType<typeof setTimeout> | null = null;
  let pendingAt = 0;
  // Where the last report put the position, to notice a seek (on either deck) by its jump.
  let said = { at: Date.now(), position: 0 };
  const sendNow = () => {
    said = { at: Date.now(), position: engine.position };
    channel.send(reportOf(engine, store));
  };
  const report = (delay = COALESCE_MS) => {
    const at = Math.max(Date.now() + delay, said.at + MIN_GAP_MS);
    if (pending !== null && pendingAt <= at) return;
    if (pending !== null) clearTimeout(pending);
    pendingAt = at;
    pending = setTimeout(() => {
      pending = null;
      sendNow();
    }, at - Date.now());
  };
  const obey = (message: DeviceChannelMessage) => {
    if (message.type === 'devices') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
      return;
    }
    if (message.type === 'stop') return engine.pause();
    switch (message.command) {
      case 'play':
        return engine.play();
      case 'pause':
        return engine.pause();
      case 'next':
        return engine.next();
      case 'previous':
        return engine.previous();
      case 'seek':
        return engine.seek((message.positionMs ?? 0) / 1000);
      case 'volume':
        return engine.setVolume(message.volume ?? 1);
    }
  };
  const channel = new DeviceChannel(
    `${scheme}://${location.host}/api/devices/channel?deviceId=${id}`,
    { opened: sendNow, message: obey },
  );
  channel.start();
  const unsubscribe = [currentTrackAtom, pausedAtom, volumeAtom, queueAtom, indexAtom].map((atom) =>
    store.sub(atom, () => report()),
  );
  unsubscribe.push(engine.onSeek(() => report(SEEK_REPORT_MS)));
  const watch = setInterval(() => {
    const playing = !store.get(pausedAtom);
    const since = Date.now() - said.at;
    const expected = said.position + (playing ? since / 1000 : 0);
    if (
      Math.abs(engine.position - expected) > SEEK_JUMP_S ||
      (playing && since > PLAYING_REPORT_MS)
    )
      report();
  }, 1000);
  return () => {
    for (const off of unsubscribe) off();
    clearInterval(watch);
    if (pending !== null) clearTimeout(pending);
    channel.stop();
  };
}
