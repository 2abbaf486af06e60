/**
 * Where to send the buyer back after paying: only this site. A path must start with exactly
 * one "/" ("//host" and "/\host" are read by browsers as another site); an absolute URL must
 * have PUBLIC_URL's origin. Answers the absolute URL, or null when the target is off-site.
 */
export function sameOriginRedirect(target: string, publicUrl: string): string | null {
  const base = new URL(publicUrl);
  if (target.startsWith('/')) {
    if (target.startsWith('//') || target.startsWith('/\\')) return null;
    // Tabs and newlines are dropped by URL parsers, which can turn "/\t/host" into "//host".
    if ([...target].some((c) => c.charCodeAt(0) < 32)) return null;
    const resolved = new URL(target, base);
    return resolved.origin === base.origin ? resolved.toString() : null;
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  return url.origin === base.origin ? url.toString() : null;
}

/** The address a cancelled checkout returns to: the same page, marked so it says "cancelled". */
export function cancelledReturn(successUrl: string): string {
  const url = new URL(successUrl);
  url.searchParams.set('checkout', 'cancelled');
  return url.toString();
}
