/** The width of the WebP thumbnail `?thumb=true` asks for (and the store makes). */
export const THUMB_WIDTH = 300;

/**
 * The larger WebP widths `?size=` may ask for: a page's main cover drawn on a phone or a
 * high-density screen, in place of the original (often a 2,000 px JPEG of a megabyte or more).
 * A fixed list, so a caller cannot make the server resize and keep one copy per width it names.
 */
export const COVER_WIDTHS = [720, 1200] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];

/**
 * `sizes` for the collection page's cover, the one large cover a page opens with: the page's
 * width less its 12 px margins on a phone (the shell's and the boot drawing's), 220 px from
 * 600 px on. Exact, not 100vw: a 412 px phone at 1.75x then takes the 720 px copy, not the
 * 1,200 px one. The page, its preload (src/app/early-data.ts) and the server's drawing of it
 * (server/first-view/) give the same, so all three fetch one copy.
 */
export const COLLECTION_COVER_SIZES = '(min-width: 600px) 220px, calc(100vw - 24px)';

/** GET /image/{hash}: the 300 px WebP thumbnail unless `thumb` is false. */
export function imagePath(hash: string, thumb = true): string {
  return `/image/${encodeURIComponent(hash)}${thumb ? '?thumb=true' : ''}`;
}

/** GET /image/{hash}?size=: the cover as WebP at most `width` pixels wide and high. */
function sizedImagePath(hash: string, width: CoverWidth): string {
  return `/image/${encodeURIComponent(hash)}?size=${width}`;
}

/**
 * A `srcset` for a cover drawn large: the thumbnail and each WebP width, so the browser fetches
 * the one its screen needs for the `sizes` the page gives (a phone at 1.75x drawing a 380 px
 * cover takes the 720 px one: 22 KB for the demo's, where an original may be a megabyte). The
 * server never enlarges, so a small original's copies are its own size: the descriptors only
 * rank them.
 */
export function coverSrcSet(hash: string): string {
  return [
    `${imagePath(hash, true)} ${THUMB_WIDTH}w`,
    ...COVER_WIDTHS.map((width) => `${sizedImagePath(hash, width)} ${width}w`),
  ].join(', ');
}

/** The copy an image query asks for: a larger width, the thumbnail, or the original (null). */
export function widthAsked(query: { thumb: boolean; size?: number | undefined }): number | null {
  return query.size ?? (query.thumb ? THUMB_WIDTH : null);
}
