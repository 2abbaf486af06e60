import { formatDuration } from './format';
import type { Request, RequestInput } from './request';

/** What the new-request and edit forms hold: every field as typed. */
export interface RequestFormValues {
  name: string;
  artists: string;
  genres: string;
  key: string;
  bpm: string;
  label: string;
  duration: string;
  releaseDate: string;
  description: string;
}

export const EMPTY_REQUEST_FORM: RequestFormValues = {
  name: '',
  artists: '',
  genres: '',
  key: '',
  bpm: '',
  label: '',
  duration: '',
  releaseDate: '',
  description: '',
};

const DURATION = /^(\d{1,4}):([0-5]\d)$/;

/**
 * "m:ss" with two-digit seconds (spec part 2, section 5) to seconds; null when empty,
 * 'invalid' for anything else ("3:5", "abc", "3:75").
 */
export function parseDuration(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = DURATION.exec(trimmed);
  if (match === null) return 'invalid';
  const seconds = Number(match[1]) * 60 + Number(match[2]);
  return seconds > 0 ? seconds : 'invalid';
}

/** BPM is a number: what the field keeps of what was typed (digits and one decimal point). */
export function bpmInput(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot < 0 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}

/** Submit is enabled only with a name and artists. */
export const canSubmitRequest = (values: RequestFormValues): boolean =>
  values.name.trim() !== '' && values.artists.trim() !== '';

export const durationError = (values: RequestFormValues): boolean =>
  parseDuration(values.duration) === 'invalid';

/**
 * The body of PUT /api/request and POST /api/request/{id}: empty fields are left out (an
 * empty release date is omitted; on edit an empty duration, BPM or date is sent as absent,
 * which clears it), the duration goes as seconds. Undefined while the duration is invalid.
 */
export function requestBody(values: RequestFormValues): RequestInput | undefined {
  const duration = parseDuration(values.duration);
  if (duration === 'invalid') return undefined;
  const body: RequestInput = {
    requestName: values.name.trim(),
    requestArtist: values.artists.trim(),
  };
  const optional = {
    requestGenre: values.genres.trim(),
    requestKey: values.key.trim(),
    requestLabel: values.label.trim(),
    requestReleaseDate: values.releaseDate.trim(),
    requestDescription: values.description.trim(),
  };
  for (const [key, value] of Object.entries(optional) as [keyof typeof optional, string][]) {
    if (value !== '') body[key] = value;
  }
  const bpm = values.bpm.trim() === '' ? NaN : Number(values.bpm);
  if (Number.isFinite(bpm)) body.requestBpm = bpm;
  if (duration !== null) body.requestDuration = duration;
  return body;
}

/** The edit dialog starts from the stored request. */
export function requestFormValues(request: Request): RequestFormValues {
  return {
    name: request.requestName,
    artists: request.requestArtist,
    genres: request.requestGenre ?? '',
    key: request.requestKey ?? '',
    bpm: request.requestBpm === null ? '' : String(request.requestBpm),
    label: request.requestLabel ?? '',
    duration: request.requestDuration === null ? '' : formatDuration(request.requestDuration),
    releaseDate: request.requestReleaseDate ?? '',
    description: request.requestDescription ?? '',
  };
}
