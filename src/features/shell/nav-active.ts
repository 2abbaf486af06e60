/** Drawer highlighting (spec part 1, shell): home only on exactly "/", the others by path prefix. */
export function isEntryActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
