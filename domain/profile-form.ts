/** Spec part 2, section 5: the gender slider and its label. */
export const GENDER_MIDDLE = 0.5;
export const GENDER_STEP = 0.01;
/** Within this distance of the middle the label is "Unspecified". */
const GENDER_UNSPECIFIED_WITHIN = 0.02;

export type GenderLabel = 'Unspecified' | 'Femine' | 'Manly';

export function genderLabel(value: number): GenderLabel {
  // Rounded to the slider's step first, so 0.52 read back as 0.5200000001 stays Unspecified.
  const distance = Math.round((value - GENDER_MIDDLE) / GENDER_STEP) * GENDER_STEP;
  if (Math.abs(distance) <= GENDER_UNSPECIFIED_WITHIN + 1e-9) return 'Unspecified';
  return distance < 0 ? 'Femine' : 'Manly';
}

export const AGE_MIN = 0;
export const AGE_MAX = 128;

/** The age field's text: empty is "not given"; anything else must be a whole 0..128. */
export function parseAge(text: string): { ok: true; value: number | null } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d{1,3}$/.test(trimmed)) return { ok: false };
  const value = Number(trimmed);
  return value >= AGE_MIN && value <= AGE_MAX ? { ok: true, value } : { ok: false };
}

/** An admin limit field: empty is unlimited (null), otherwise a whole number from 0. */
export function parseCount(text: string): { ok: true; value: number | null } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  return /^\d{1,9}$/.test(trimmed) ? { ok: true, value: Number(trimmed) } : { ok: false };
}
