import { optional, parseBool, type Env } from './config-parse';

/** How MUSIC_DIR is followed (issue 46, decision 0057). */
export interface LibraryConfig {
  /**
   * SCAN_INTERVAL: seconds between scheduled rescans of MUSIC_DIR (default one hour); 0 turns
   * the schedule off. Given as whole seconds or a duration such as `90s`, `15m`, `1h`, `1d`.
   */
  scanIntervalSeconds: number;
  /** LIBRARY_WATCH: follow MUSIC_DIR's changes as they happen (on by default). */
  watch: boolean;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
const MAX_SECONDS = 30 * 86_400;

/** Whole seconds (`3600`) or one duration (`30s`, `15m`, `1h`, `1d`); 0 is "off". */
export function parseScanInterval(value: string | undefined): number {
  const raw = optional(value)?.toLowerCase();
  if (raw === undefined) return 3600;
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw);
  const seconds = match ? Number(match[1]) * UNIT_SECONDS[match[2] || 's']! : NaN;
  if (!Number.isSafeInteger(seconds) || seconds > MAX_SECONDS) {
    throw new Error(
      'SCAN_INTERVAL must be whole seconds or a duration like 30s, 15m, 1h or 1d (at most 30d); 0 turns scheduled scans off',
    );
  }
  return seconds;
}

export function loadLibraryConfig(env: Env): LibraryConfig {
  return {
    scanIntervalSeconds: parseScanInterval(env.SCAN_INTERVAL),
    watch: parseBool('LIBRARY_WATCH', env.LIBRARY_WATCH, true),
  };
}
