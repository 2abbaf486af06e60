/**
 * Where to go after signing in or registering: `?redirect=` of /login and /register. Only a
 * path of this site is followed; anything that a browser could read as another origin
 * ("//host", "/\host", "https://...", control characters) is dropped, so a crafted link cannot
 * send someone from our sign-in page to a look-alike site.
 */
const MAX_REDIRECT = 2048;

export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_REDIRECT) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  // The sign-in pages themselves are no destination: they would loop.
  if (/^\/(login|register)(?:[/?#]|$)/.test(value)) return undefined;
  return value;
}
