import { existsSync } from 'node:fs';

/**
 * Debian's Chromium (Playwright's own browser downloads cannot reach this network). Its old
 * headless shell (Debian's chromium-headless-shell, which scripts/ensure-system-deps.sh installs)
 * when present: it draws no real frames, and the same specs took about 15% less CPU with it than
 * the full browser in new headless mode (six player, offline and axe specs on two cores,
 * 2026-11-30: 487 s against 560 s of test time). CHROMIUM_PATH picks another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The launch flags of playwright.config.ts, for the specs that launch their own context. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];
