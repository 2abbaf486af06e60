import type { Collection } from '../../domain/collection';
import { TILES_IN_FIRST_VIEW } from '../../domain/first-view';
import type { Homepage } from '../../domain/homepage';
import { COLLECTION_COVER_SIZES, coverSrcSet, imagePath } from '../../domain/image-path';
import { homeStrings } from '../../domain/strings/browse';
import { escapeHtml } from '../security/escape-html';

/** The tiles in view and the one a phone shows in part; the rest come with the page. */
const HOME_TILES = TILES_IN_FIRST_VIEW + 1;

/**
 * JSON inside <script type="application/json">: "</script>" or "<!--" in a collection's name
 * must not end the element, so every <, > and & becomes a JSON escape the parser reads back.
 */
const jsonForScript = (json: string): string =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page's answer, for the client's first query of `path` (src/app/early-data.ts), and the
 * page's canonical address when the visit used another spelling of it.
 */
export const dataScript = (path: string, json: string, location?: string): string =>
  `<script type="application/json" id="first-view-data" data-path="${escapeHtml(path)}"` +
  (location === undefined ? '' : ` data-location="${escapeHtml(location)}"`) +
  `>${jsonForScript(json)}</script>`;

/** A large cover offers the page's candidates and sizes, so the page reuses the copy fetched. */
const cover = (hash: string | null, thumb: boolean, className: string, high: boolean): string =>
  hash
    ? `<img class="${className}" src="${escapeHtml(imagePath(hash, thumb))}"` +
      (thumb
        ? ''
        : ` srcset="${escapeHtml(coverSrcSet(hash))}" sizes="${COLLECTION_COVER_SIZES}"`) +
      ` alt=""${high ? ' fetchpriority="high"' : ''}>`
    : `<span class="${className}"></span>`;

const artistsOf = (collection: Collection): string =>
  escapeHtml(collection.audioArtists.join(', '));

/** The collection page's head as the page draws it: cover, name, artists. */
export function collectionPreview(collection: Collection): string {
  return (
    `<div class="boot-page"><div class="boot-content boot-collection">` +
    cover(collection.collectionImageHash, false, 'boot-cover', true) +
    `<div class="boot-facts"><p class="boot-title">${escapeHtml(collection.collectionName)}</p>` +
    `<p class="boot-muted">${artistsOf(collection)}</p></div></div></div>`
  );
}

/** Home's greeting and its first row of tiles, where the page puts them. */
export function homePreview(home: Homepage, userName: string): string {
  const row = home.collectionsTags.find((r) => r.collections.length > 0);
  const tiles = (row?.collections ?? [])
    .slice(0, HOME_TILES)
    .map(
      (collection, index) =>
        `<div class="boot-tile">${cover(collection.collectionImageHash, true, 'boot-thumb', index < TILES_IN_FIRST_VIEW)}` +
        `<p class="boot-name">${escapeHtml(collection.collectionName)}</p>` +
        `<p class="boot-muted">${artistsOf(collection)}</p></div>`,
    );
  return (
    `<div class="boot-page"><div class="boot-content">` +
    `<p class="boot-title">${escapeHtml(homeStrings.welcome(userName))}</p>` +
    (row
      ? `<p class="boot-row-title">${escapeHtml(row.tag)}</p><div class="boot-row">${tiles.join('')}</div>`
      : '') +
    `</div></div>`
  );
}
