/** GET /image/{hash}: the 300 px WebP thumbnail unless `thumb` is false. */
export function imagePath(hash: string, thumb = true): string {
  return `/image/${encodeURIComponent(hash)}${thumb ? '?thumb=true' : ''}`;
}
