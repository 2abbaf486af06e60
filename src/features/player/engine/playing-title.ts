import type { Track } from '../../../../domain/track';

/**
 * The tab title names the playing track ("Artist - Title") and goes back to the page's own
 * title when playback pauses or stops.
 */
export class PlayingTitle {
  private pageTitle: string | null = null;

  show(track: Track | undefined): void {
    if (!track) return;
    this.pageTitle ??= document.title;
    document.title = [track.artists[0], track.title].filter(Boolean).join(' - ');
  }

  restore(): void {
    if (this.pageTitle !== null) document.title = this.pageTitle;
    this.pageTitle = null;
  }
}
