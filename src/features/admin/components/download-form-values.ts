import type { PostActionSpec } from '../../../../domain/settings';
import { TORRENT_URL_LENGTH, type DownloadInput } from '../../../../domain/servers';

export type DownloadSourceName = 'url' | 'torrent' | 'deezer' | 'spotify';
export const SOURCES: readonly DownloadSourceName[] = ['url', 'torrent', 'deezer', 'spotify'];
/**
 * Sources the spec names that no installed plug-in serves (server/node/engines.ts registers
 * url and torrent only): offered as unavailable, with why, rather than failing after adding.
 */
export const UNAVAILABLE_SOURCES: ReadonlySet<DownloadSourceName> = new Set(['deezer', 'spotify']);

export interface DownloadFormValues {
  url: string;
  source: DownloadSourceName;
  name: string;
  keepOriginal: boolean;
  /** JSON object text. */
  options: string;
  /** JSON list text; empty means the server's default post-actions. */
  postActions: string;
}

/** Spec part 2 §5: a URL of 512 or more characters is a dropped torrent, shown as a placeholder. */
export const isTorrentText = (url: string): boolean => url.length >= TORRENT_URL_LENGTH;

export function initialDownloadValues(
  defaults: Record<string, Record<string, unknown>>,
  defaultPost: PostActionSpec[],
): DownloadFormValues {
  return {
    url: '',
    source: 'url',
    name: '',
    keepOriginal: false,
    options: JSON.stringify(defaults.url ?? {}),
    postActions: defaultPost.length > 0 ? JSON.stringify(defaultPost) : '',
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The request body, or which JSON field is not valid. */
export function valuesToDownload(
  values: DownloadFormValues,
): { body: DownloadInput; invalid: null } | { body: null; invalid: 'options' | 'postActions' } {
  const options = values.options.trim() === '' ? {} : parseJson(values.options);
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    return { body: null, invalid: 'options' };
  const postActions = values.postActions.trim() === '' ? null : parseJson(values.postActions);
  if (postActions !== null && !Array.isArray(postActions))
    return { body: null, invalid: 'postActions' };
  return {
    invalid: null,
    body: {
      url: values.url.trim(),
      source: values.source,
      name: values.name.trim() === '' ? null : values.name.trim(),
      keepOriginal: values.keepOriginal,
      options: options as Record<string, unknown>,
      postActions: postActions as PostActionSpec[] | null,
    },
  };
}

/** A file as base64 without the data: URL prefix. */
export function readFileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}
