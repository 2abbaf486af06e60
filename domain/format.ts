/**
 * Display formats shared by every screen (spec part 1, section 9): money in cents shown as
 * value/100 with two decimals and "EUR", durations as m:ss, sizes in 1024-based units,
 * speeds in kbps (bytes per second / 1000), sample rates in KHz.
 */

export const INFINITY_SIGN = '\u221e';

export function formatMoney(cents: number): string {
  return `${(cents / 100).toFixed(2)} EUR`;
}

export function formatDuration(seconds: number | null | undefined): string {
  const total = Number.isFinite(seconds) && (seconds ?? 0) > 0 ? Math.floor(seconds as number) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

export function formatBytes(bytes: number | null | undefined): string {
  let value = Number.isFinite(bytes) && (bytes ?? 0) > 0 ? (bytes as number) : 0;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Two decimals at most, trailing zeros dropped: 1536 -> "1.5 KB", 5242880 -> "5 MB".
  return `${Number(value.toFixed(2))} ${BYTE_UNITS[unit]}`;
}

/** A role speed limit (bytes per second, null = unthrottled) in kbps. */
export function formatSpeed(bytesPerSecond: number | null | undefined): string {
  if (typeof bytesPerSecond !== 'number' || !Number.isFinite(bytesPerSecond)) return INFINITY_SIGN;
  return `${Number((bytesPerSecond / 1000).toFixed(2))} kbps`;
}

/** "remaining / limit"; a missing or non-numeric value shows as infinity. */
export function formatLimit(
  remaining: number | null | undefined,
  limit: number | null | undefined,
): string {
  const show = (n: number | null | undefined) =>
    typeof n === 'number' && Number.isFinite(n) ? String(n) : INFINITY_SIGN;
  return `${show(remaining)} / ${show(limit)}`;
}

/** Sample rate in Hz shown in KHz: 44100 -> "44.1 KHz". */
export function formatSampleRate(hz: number | null | undefined): string {
  if (typeof hz !== 'number' || !Number.isFinite(hz)) return '';
  return `${Number((hz / 1000).toFixed(3))} KHz`;
}

/** The date part (YYYY-MM-DD) of an ISO date-time; empty for null. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function localParts(iso: string | null | undefined): { day: string; time: string } | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return {
    day: `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`,
    time: `${pad2(date.getHours())}:${pad2(date.getMinutes())}`,
  };
}

/** A moment (an upload time) as the viewer's local day, YYYY-MM-DD: the app's date format. */
export function formatLocalDate(iso: string | null | undefined): string {
  return localParts(iso)?.day ?? '';
}

/** A moment as YYYY-MM-DD HH:mm in the viewer's time zone, where the time matters; no seconds. */
export function formatDateTime(iso: string | null | undefined): string {
  const parts = localParts(iso);
  return parts ? `${parts.day} ${parts.time}` : '';
}

/** "1 download", "2 downloads": English counts with the right noun form. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
