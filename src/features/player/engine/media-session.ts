import type { Track } from '../../../../domain/track';
import { imagePath } from '../../../lib/cover-url';

/**
 * Lock-screen and OS media-key integration (issue 5, "Media Session"). Kept apart from the
 * engine and given its environment explicitly so unit tests can pass a fake mediaSession.
 */
export interface MediaSessionActions {
  play(): void;
  pause(): void;
  stop(): void;
  previous(): void;
  next(): void;
  seekTo(seconds: number): void;
  seekBy(offsetSeconds: number): void;
}

export interface MediaSessionEnv {
  mediaSession: MediaSession | undefined;
  MediaMetadata: typeof MediaMetadata | undefined;
  /** iOS shows either track buttons or seek-by-offset buttons; we want track buttons there. */
  isIOS: boolean;
}

export interface MediaSessionAdapter {
  /** `liveTitle`: what a station says it plays (issue 49): the title, the station the artist. */
  setTrack(track: Track | null, liveTitle?: string | null): void;
  setPlaybackState(state: MediaSessionPlaybackState): void;
  setPosition(duration: number, position: number, playbackRate: number): void;
}

const SEEK_STEP_SECONDS = 10;
const ARTWORK_SIZES = [96, 192, 256, 512] as const;
export const DEFAULT_COVER = '/icons/icon-512.png';

export function artworkFor(track: Track): MediaImage[] {
  if (track.imageHash) {
    const thumb = imagePath(track.imageHash);
    return [
      ...ARTWORK_SIZES.map((size) => ({ src: thumb, sizes: `${size}x${size}` })),
      { src: imagePath(track.imageHash, false) },
    ];
  }
  if (track.art) return [{ src: track.art }];
  return [{ src: DEFAULT_COVER, sizes: '512x512', type: 'image/png' }];
}

export function detectIOS(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'>): boolean {
  // iPadOS reports a Mac user agent but has touch points.
  return (
    /iPad|iPhone|iPod/.test(nav.userAgent) ||
    (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
  );
}

export function createMediaSessionAdapter(
  env: MediaSessionEnv,
  actions: MediaSessionActions,
): MediaSessionAdapter {
  const session = env.mediaSession;
  const register = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
    try {
      session?.setActionHandler(action, handler);
    } catch {
      // Browsers throw for actions they do not know (e.g. "stop" on older ones).
    }
  };
  register('play', () => actions.play());
  register('pause', () => actions.pause());
  register('stop', () => actions.stop());
  register('previoustrack', () => actions.previous());
  register('nexttrack', () => actions.next());
  register('seekto', (details) => {
    if (typeof details.seekTime === 'number' && Number.isFinite(details.seekTime))
      actions.seekTo(details.seekTime);
  });
  if (!env.isIOS) {
    register('seekbackward', (details) =>
      actions.seekBy(-(details.seekOffset ?? SEEK_STEP_SECONDS)),
    );
    register('seekforward', (details) => actions.seekBy(details.seekOffset ?? SEEK_STEP_SECONDS));
  }

  return {
    setTrack(track, liveTitle) {
      if (!session) return;
      if (!track || !env.MediaMetadata) {
        session.metadata = null;
        return;
      }
      session.metadata = new env.MediaMetadata({
        title: liveTitle || track.title,
        artist: liveTitle ? track.title : track.artists.join(', '),
        album: track.album ?? '',
        artwork: artworkFor(track),
      });
    },
    setPlaybackState(state) {
      if (session) session.playbackState = state;
    },
    setPosition(duration, position, playbackRate) {
      // setPositionState throws on a non-finite or zero duration (live or not yet known).
      if (!session?.setPositionState || !Number.isFinite(duration) || duration <= 0) return;
      const safePosition = Number.isFinite(position)
        ? Math.min(Math.max(position, 0), duration)
        : 0;
      try {
        session.setPositionState({
          duration,
          position: safePosition,
          playbackRate: playbackRate > 0 ? playbackRate : 1,
        });
      } catch {
        // An inconsistent state from the browser is not worth breaking playback for.
      }
    },
  };
}

/** What the lock screen and media keys drive: the player engine's transport. */
export interface SessionTransport {
  readonly position: number;
  play(): void;
  pause(): void;
  stop(): void;
  previous(): void;
  next(): void;
  seek(seconds: number): void;
}

/** The adapter over this browser's Media Session (when it has one), driving `transport`. */
export function browserMediaSession(transport: SessionTransport): MediaSessionAdapter {
  return createMediaSessionAdapter(
    {
      mediaSession: 'mediaSession' in navigator ? navigator.mediaSession : undefined,
      MediaMetadata: typeof MediaMetadata === 'undefined' ? undefined : MediaMetadata,
      isIOS: detectIOS(navigator),
    },
    {
      play: () => transport.play(),
      pause: () => transport.pause(),
      stop: () => transport.stop(),
      previous: () => transport.previous(),
      next: () => transport.next(),
      seekTo: (seconds) => transport.seek(seconds),
      seekBy: (offset) => transport.seek(transport.position + offset),
    },
  );
}
