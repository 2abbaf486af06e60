import { describe, expect, it, vi } from 'vitest';
import type { Track } from '../../domain/track';
import { testTrack } from '../../domain/track-fixture';
import {
  createMediaSessionAdapter,
  detectIOS,
  type MediaSessionActions,
} from '../../src/features/player/engine/media-session';

class FakeMetadata {
  title: string;
  artist: string;
  album: string;
  artwork: MediaImage[];
  constructor(init: MediaMetadataInit) {
    this.title = init.title ?? '';
    this.artist = init.artist ?? '';
    this.album = init.album ?? '';
    this.artwork = [...(init.artwork ?? [])];
  }
}

function fakeSession() {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  const positions: MediaPositionState[] = [];
  const session = {
    metadata: null as MediaMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    setActionHandler: (action: string, handler: MediaSessionActionHandler | null) => {
      handlers.set(action, handler);
    },
    setPositionState: (state?: MediaPositionState) => {
      if (state) positions.push(state);
    },
  };
  return { session, handlers, positions };
}

function actions(): MediaSessionActions & Record<string, ReturnType<typeof vi.fn>> {
  return {
    play: vi.fn(),
    pause: vi.fn(),
    stop: vi.fn(),
    previous: vi.fn(),
    next: vi.fn(),
    seekTo: vi.fn(),
    seekBy: vi.fn(),
  };
}

const track: Track = testTrack({
  fileId: 4,
  title: 'Night Drive',
  artists: ['First', 'Second'],
  url: '/downloader/file/4?playback=true',
  imageHash: 'abc',
  bpm: 120,
  album: 'Album',
  collectionId: 1,
});

const setup = (isIOS = false) => {
  const fake = fakeSession();
  const acts = actions();
  const adapter = createMediaSessionAdapter(
    {
      mediaSession: fake.session as unknown as MediaSession,
      MediaMetadata: FakeMetadata as unknown as typeof MediaMetadata,
      isIOS,
    },
    acts,
  );
  const call = (action: string, details: Partial<MediaSessionActionDetails> = {}) =>
    fake.handlers.get(action)?.({ action, ...details } as MediaSessionActionDetails);
  return { ...fake, acts, adapter, call };
};

describe('Media Session adapter', () => {
  it('sets title, joined artists, album and artwork at several sizes plus the full image', () => {
    const { adapter, session } = setup();
    adapter.setTrack(track);
    const meta = session.metadata as unknown as FakeMetadata;
    expect(meta.title).toBe('Night Drive');
    expect(meta.artist).toBe('First, Second');
    expect(meta.album).toBe('Album');
    expect(meta.artwork.map((a) => a.sizes)).toEqual([
      '96x96',
      '192x192',
      '256x256',
      '512x512',
      undefined,
    ]);
    expect(meta.artwork[0]?.src).toBe('/image/abc?thumb=true');
    expect(meta.artwork[4]?.src).toBe('/image/abc');
  });

  it("names a station's current title, the station as its artist (issue 49)", () => {
    const { adapter, session } = setup();
    const station = { ...track, title: 'E2E FM', artists: [], album: null, imageHash: null };
    adapter.setTrack(station, 'Artist - Song');
    const meta = session.metadata as unknown as FakeMetadata;
    expect([meta.title, meta.artist, meta.album]).toEqual(['Artist - Song', 'E2E FM', '']);
    adapter.setTrack(station, null);
    expect((session.metadata as unknown as FakeMetadata).title).toBe('E2E FM');
  });

  it('passes the playback rate of a sped-up episode to the position state', () => {
    const { adapter, positions } = setup();
    adapter.setPosition(3600, 60, 1.5);
    expect(positions).toEqual([{ duration: 3600, position: 60, playbackRate: 1.5 }]);
  });

  it('uses the default cover for a track without an image hash', () => {
    const { adapter, session } = setup();
    adapter.setTrack({ ...track, imageHash: null });
    expect((session.metadata as unknown as FakeMetadata).artwork[0]?.src).toBe(
      '/icons/icon-512.png',
    );
  });

  it('drives the player actions from every handler', () => {
    const { call, acts } = setup();
    call('play');
    call('pause');
    call('stop');
    call('previoustrack');
    call('nexttrack');
    call('seekto', { seekTime: 42 });
    call('seekbackward', {});
    call('seekforward', { seekOffset: 5 });
    expect(acts.play).toHaveBeenCalledOnce();
    expect(acts.pause).toHaveBeenCalledOnce();
    expect(acts.stop).toHaveBeenCalledOnce();
    expect(acts.previous).toHaveBeenCalledOnce();
    expect(acts.next).toHaveBeenCalledOnce();
    expect(acts.seekTo).toHaveBeenCalledWith(42);
    expect(acts.seekBy).toHaveBeenNthCalledWith(1, -10);
    expect(acts.seekBy).toHaveBeenNthCalledWith(2, 5);
  });

  it('on iOS registers track buttons and not the seek-by-offset pair', () => {
    const { handlers } = setup(true);
    expect(handlers.has('previoustrack')).toBe(true);
    expect(handlers.has('nexttrack')).toBe(true);
    expect(handlers.has('seekbackward')).toBe(false);
    expect(handlers.has('seekforward')).toBe(false);
  });

  it('keeps playbackState exact', () => {
    const { adapter, session } = setup();
    adapter.setPlaybackState('playing');
    expect(session.playbackState).toBe('playing');
    adapter.setPlaybackState('paused');
    expect(session.playbackState).toBe('paused');
  });

  it('never sets the position state with a non-finite or zero duration', () => {
    const { adapter, positions } = setup();
    adapter.setPosition(Number.NaN, 0, 1);
    adapter.setPosition(Number.POSITIVE_INFINITY, 0, 1);
    adapter.setPosition(0, 0, 1);
    expect(positions).toEqual([]);
    adapter.setPosition(200, 250, 1);
    expect(positions).toEqual([{ duration: 200, position: 200, playbackRate: 1 }]);
  });

  it('detects iOS and iPadOS', () => {
    expect(
      detectIOS({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', maxTouchPoints: 5 }),
    ).toBe(true);
    expect(
      detectIOS({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X)', maxTouchPoints: 5 }),
    ).toBe(true);
    expect(detectIOS({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', maxTouchPoints: 0 })).toBe(
      false,
    );
  });
});
