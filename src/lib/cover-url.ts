import { COLLECTION_COVER_SIZES, coverSrcSet, imagePath } from '../../domain/image-path';

export { coverSrcSet, imagePath };

/**
 * Starts fetching a cover the page is about to show, at high priority (src/app/early-data.ts):
 * the request then runs while the page's code still loads, instead of after the first render
 * finds the <img> (issue 9: the cover was the largest paint of home and the collection page).
 * The <img> later takes the answer from the memory cache.
 */
export function preloadCover(hash: string, thumb = true): void {
  const href = imagePath(hash, thumb);
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  if (!thumb) {
    // The one large cover a page opens with is the collection page's: the same candidates and
    // sizes as its <img>, so the browser picks the same copy and the page takes it from memory.
    link.imageSrcset = coverSrcSet(hash);
    link.imageSizes = COLLECTION_COVER_SIZES;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}
