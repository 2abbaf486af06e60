import type { PurchaseRequest } from '../../../../domain/collection-page';

/** What the root route hands the player: session facts and other features' actions. */
export interface PlayerUiProps {
  /** The signed-in user's liked playlist; null hides the like button. */
  likedPlaylist: number | null;
  /** Streaming-only mode hides the download control. */
  streamingOnly: boolean;
  /** Opens the playlists feature's add-to-playlist dialog for a library file. */
  onAddToPlaylist?: (fileId: number) => void;
  /** Opens the purchase feature's payment chooser when a download needs a purchase first. */
  onBuy?: (request: PurchaseRequest) => void;
}

/**
 * The player bar's height in CSS pixels, small screens first: the bar is this tall, and what
 * sits above it (the continue prompt) is placed from the same numbers.
 */
export const PLAYER_BAR_HEIGHT_PX = { base: 128, md: 64 } as const;
