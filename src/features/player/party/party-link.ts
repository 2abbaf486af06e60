import type { getDefaultStore } from 'jotai';
import { PARTY_POLL_MS, type PartyState } from '../../../../domain/parties';
import type { Track } from '../../../../domain/track';
import {
  onHostedPartyChange,
  readHostedParty,
  setHostedParty,
  type HostedParty,
} from '../../../common/parties/hosted-party';
import { fetchParty, reportPartyNow } from '../../../common/parties/party-api';
import { entryTracks } from '../../../common/playlists/entry-tracks';
import { ApiError } from '../../../lib/api-client';
import type { PlayerEngine } from '../engine/player-engine';
import { currentTrackAtom, indexAtom, queueAtom } from '../state/player-atoms';

type Store = ReturnType<typeof getDefaultStore>;

/** Which party track a queued track is: the objects this module put in the queue. */
const partyTrackOf = new WeakMap<Track, number>();

/**
 * While this device hosts a listening party (issue 50, decision 0067), what comes after the
 * current track is the party's order, highest votes first: asked every few seconds and on
 * every track change, written with `engine.replaceUpcoming` only when it differs. The track
 * that starts is said to the party (it leaves the upcoming list). A party that answers 404 has
 * ended (here or on another device): the queue stays as it is. Answers a function that stops.
 */
export function linkParty(engine: PlayerEngine, store: Store): () => void {
  let party: HostedParty | null = readHostedParty();
  let said: string | null = null;
  /** The queued track of each party track, kept so an unchanged order is not rewritten. */
  let queued = new Map<number, Track>();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const sayWhatPlays = async (hosted: HostedParty) => {
    const track = store.get(currentTrackAtom);
    const now = {
      trackId: track === null ? null : (partyTrackOf.get(track) ?? null),
      fileId: track?.fileId ?? null,
    };
    const key = `${hosted.partyId}:${now.trackId}:${now.fileId}`;
    if (key === said) return;
    await reportPartyNow(hosted.partyId, now);
    said = key;
  };

  const follow = (state: PartyState) => {
    const current = store.get(currentTrackAtom);
    const playing = current === null ? undefined : partyTrackOf.get(current);
    const next = new Map<number, Track>();
    const tracks: Track[] = [];
    for (const item of state.upcoming) {
      if (item.entry === undefined || item.trackId === playing) continue;
      let track = queued.get(item.trackId);
      if (track === undefined) {
        [track] = entryTracks([item.entry]);
        if (track === undefined) continue;
        partyTrackOf.set(track, item.trackId);
      }
      next.set(item.trackId, track);
      tracks.push(track);
    }
    queued = next;
    const after = store.get(queueAtom).slice(store.get(indexAtom) + 1);
    if (after.length === tracks.length && after.every((track, i) => track === tracks[i])) return;
    engine.replaceUpcoming(tracks);
  };

  const sync = async () => {
    const hosted = party;
    if (hosted === null) return;
    try {
      await sayWhatPlays(hosted);
      const state = await fetchParty(hosted.token);
      if (party === hosted) follow(state);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404 && party === hosted)
        setHostedParty(null);
    }
  };

  // One sync at a time; a change during one asks for another right after it.
  const run = () => {
    if (running !== null) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = sync().finally(() => {
      running = null;
      if (again) {
        again = false;
        run();
      } else if (party !== null) timer = setTimeout(run, PARTY_POLL_MS);
    });
  };

  const offTrack = store.sub(currentTrackAtom, () => {
    if (party !== null) run();
  });
  const offParty = onHostedPartyChange((changed) => {
    party = changed;
    said = null;
    queued = new Map();
    if (changed !== null) run();
    else clearTimeout(timer);
  });
  if (party !== null) run();
  return () => {
    party = null;
    clearTimeout(timer);
    offTrack();
    offParty();
  };
}
