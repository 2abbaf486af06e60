/**
 * Home's greeting, drawn in two places: by the app's home page (src/lib/strings/browse) and by
 * the server's first view of it (server/first-view, decision 0037), which shows it until the
 * page takes its place; one definition keeps the two the same words.
 */
export const homeStrings = {
  welcome: (name: string) => `Welcome, ${name}`,
} as const;
