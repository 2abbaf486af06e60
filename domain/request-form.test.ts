import { describe, expect, it } from 'vitest';
import { RequestInputSchema } from './request';
import {
  EMPTY_REQUEST_FORM,
  bpmInput,
  canSubmitRequest,
  parseDuration,
  requestBody,
  requestFormValues,
} from './request-form';

const form = (values: Partial<typeof EMPTY_REQUEST_FORM>) => ({ ...EMPTY_REQUEST_FORM, ...values });

describe('request form rules (spec part 2, section 5)', () => {
  it('needs a name and artists before submit', () => {
    expect(canSubmitRequest(form({ name: 'Album' }))).toBe(false);
    expect(canSubmitRequest(form({ artists: 'Band' }))).toBe(false);
    expect(canSubmitRequest(form({ name: ' ', artists: 'Band' }))).toBe(false);
    expect(canSubmitRequest(form({ name: 'Album', artists: 'Band' }))).toBe(true);
  });

  it('reads durations as minutes:seconds with two-digit seconds', () => {
    expect(parseDuration('3:05')).toBe(185);
    expect(parseDuration(' 62:00 ')).toBe(3720);
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('3:5')).toBe('invalid');
    expect(parseDuration('abc')).toBe('invalid');
    expect(parseDuration('3:75')).toBe('invalid');
    expect(parseDuration('0:00')).toBe('invalid');
  });

  it('keeps only a number in the BPM field', () => {
    expect(bpmInput('12a8')).toBe('128');
    expect(bpmInput('abc')).toBe('');
    expect(bpmInput('120.5.1')).toBe('120.51');
  });

  it('omits empty fields and sends the duration in seconds', () => {
    const body = requestBody(form({ name: ' Album ', artists: 'Band', duration: '3:05', bpm: '' }));
    expect(body).toEqual({ requestName: 'Album', requestArtist: 'Band', requestDuration: 185 });
    expect(body && 'requestReleaseDate' in body).toBe(false);
    expect(RequestInputSchema.parse(body).requestReleaseDate).toBeNull();
  });

  it('sends every filled field', () => {
    const body = requestBody(
      form({
        name: 'A',
        artists: 'B',
        genres: 'House',
        key: '8A',
        bpm: '124',
        label: 'L',
        releaseDate: '2024-02-29',
        description: 'please',
      }),
    );
    expect(body).toEqual({
      requestName: 'A',
      requestArtist: 'B',
      requestGenre: 'House',
      requestKey: '8A',
      requestBpm: 124,
      requestLabel: 'L',
      requestReleaseDate: '2024-02-29',
      requestDescription: 'please',
    });
  });

  it('gives no body while the duration is invalid', () => {
    expect(requestBody(form({ name: 'A', artists: 'B', duration: '3:5' }))).toBeUndefined();
  });

  it('fills the edit form from a stored request and back', () => {
    const values = requestFormValues({
      requestId: 1,
      requestName: 'A',
      requestArtist: 'B',
      requestGenre: null,
      requestKey: null,
      requestBpm: 128,
      requestLabel: null,
      requestDuration: 185,
      requestReleaseDate: null,
      requestDescription: null,
      requestCreated: '2026-01-01T00:00:00.000Z',
      requestCollectionId: null,
      userId: 2,
      commentGroupId: 3,
    });
    expect(values.duration).toBe('3:05');
    expect(requestBody({ ...values, duration: '', bpm: '' })).toEqual({
      requestName: 'A',
      requestArtist: 'B',
    });
  });
});

describe('RequestInputSchema', () => {
  it('refuses a missing name or artist, a bad date and a negative BPM', () => {
    expect(RequestInputSchema.safeParse({ requestArtist: 'B' }).success).toBe(false);
    expect(RequestInputSchema.safeParse({ requestName: 'A', requestArtist: ' ' }).success).toBe(
      false,
    );
    const base = { requestName: 'A', requestArtist: 'B' };
    expect(
      RequestInputSchema.safeParse({ ...base, requestReleaseDate: '2023-02-29' }).success,
    ).toBe(false);
    expect(RequestInputSchema.safeParse({ ...base, requestBpm: -1 }).success).toBe(false);
    expect(RequestInputSchema.safeParse({ ...base, requestDuration: '3:05' }).success).toBe(false);
  });
});
