import { errorMessageFromBody } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { libraryStrings } from '../../lib/strings';

/** Spec part 1, section 9: the hidden frame goes after 20 s, the user is refreshed after 1 s. */
export const DOWNLOAD_FRAME_MS = 20_000;
export const DOWNLOAD_USER_REFRESH_MS = 1_000;

export interface DownloadOptions {
  /** Whether a format other than the original was asked for (shows the green notice). */
  transcoding: boolean;
  /** What is being downloaded (a file or collection name), for the "download started" notice. */
  name: string;
  /** user.remainingDownloads: at 0 the server may refuse, and a frame cannot show why. */
  remainingDownloads: number | null;
  /** Refreshes GET /api/user so the account menu shows the remaining downloads. */
  refreshUser: () => void;
}

/**
 * Starts a download in a hidden iframe (spec part 1, section 4 "Download"), so the page and the
 * player keep running. A refused download inside a frame is invisible, so at zero remaining
 * downloads a HEAD request asks first and the server's 403 text is shown in red; tracks
 * downloaded before still pass. (HEAD is skipped otherwise: it would run the handler twice.)
 */
export async function startDownload(url: string, options: DownloadOptions): Promise<boolean> {
  if (options.remainingDownloads === 0) {
    try {
      const response = await fetch(url, { method: 'HEAD', credentials: 'include' });
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        const message =
          response.status === 403
            ? libraryStrings.download.noneLeft
            : errorMessageFromBody(text, response.statusText);
        notifyError(message);
        return false;
      }
    } catch {
      // Offline or blocked: let the frame try; the browser shows its own failure.
    }
  }
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.download = 'true';
  frame.src = url;
  document.body.appendChild(frame);
  window.setTimeout(() => frame.remove(), DOWNLOAD_FRAME_MS);
  window.setTimeout(options.refreshUser, DOWNLOAD_USER_REFRESH_MS);
  // A frame gives no sign of its own, so both kinds say that something is on its way.
  notifySuccess(
    options.transcoding
      ? libraryStrings.download.started
      : libraryStrings.download.startedOriginal(options.name),
  );
  return true;
}
