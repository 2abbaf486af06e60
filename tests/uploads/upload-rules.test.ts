import { describe, expect, it } from 'vitest';
import { sniffBinary, uploadNameProblem } from '../../domain/upload';
import { parseUploadMax } from '../../server/config';
import {
  assertMayUpload,
  mayAttach,
  mayManageUpload,
  mayOpenLogs,
  mayOpenUpload,
} from '../../server/access/uploads';
import { toCaller } from '../../server/access/caller';
import type { UserRow } from '../../server/db/tables';

// Only the columns these rules read; the rest of the row does not matter to them.
const callerOf = (row: Pick<UserRow, 'user_id' | 'is_admin' | 'email_confirmed'>) =>
  toCaller(row as UserRow, undefined);
const user = callerOf({ user_id: 2, is_admin: 0, email_confirmed: 1 });
const admin = callerOf({ user_id: 1, is_admin: 1, email_confirmed: 1 });
const mine = { user_id: 2 };
const theirs = { user_id: 3 };
const orphan = { user_id: null };

describe('upload access rules', () => {
  it('lets only confirmed e-mails upload', () => {
    expect(() => assertMayUpload(user)).not.toThrow();
    expect(() =>
      assertMayUpload(callerOf({ user_id: 2, is_admin: 0, email_confirmed: 0 })),
    ).toThrow(/confirm your email/);
  });

  it('lets the uploader and admins manage; others and orphans are refused', () => {
    expect(mayManageUpload(user, mine)).toBe(true);
    expect(mayManageUpload(user, theirs)).toBe(false);
    expect(mayManageUpload(user, orphan)).toBe(false);
    expect(mayManageUpload(admin, theirs)).toBe(true);
  });

  it('lets a ticket owner open an attachment of their ticket, nobody else', () => {
    expect(mayOpenUpload(user, theirs, [2])).toBe(true);
    expect(mayOpenUpload(user, theirs, [3, 4])).toBe(false);
    expect(mayOpenUpload(admin, orphan, [])).toBe(true);
  });

  it('keeps logs for admins and attachments to their own uploader', () => {
    expect(mayOpenLogs(admin)).toBe(true);
    expect(mayOpenLogs(user)).toBe(false);
    expect(mayAttach(user, mine)).toBe(true);
    expect(mayAttach(admin, theirs)).toBe(false);
  });
});

describe('upload names and types', () => {
  it('refuses separators, control characters, dots, empty and long names', () => {
    for (const bad of ['a/b', 'a\\b', 'tab\there', '..', '.', ' ', 'x'.repeat(256)]) {
      expect(uploadNameProblem(bad), bad).not.toBeNull();
    }
    expect(uploadNameProblem('Björk – Jóga (live).flac')).toBeNull();
  });

  it('tells MP3 frames from AAC and JPEG by their second byte', () => {
    expect(sniffBinary(Uint8Array.from([0xff, 0xfb]))?.contentType).toBe('audio/mpeg');
    expect(sniffBinary(Uint8Array.from([0xff, 0xf1]))?.contentType).toBe('audio/aac');
    expect(sniffBinary(Uint8Array.from([0xff, 0xd8, 0xff]))?.contentType).toBe('image/jpeg');
    expect(sniffBinary(Uint8Array.from([0x3c, 0x68]))).toBeNull();
  });
});

describe('UPLOAD_MAX_BYTES', () => {
  it('defaults to 2 GiB and takes whole bytes from 1 MiB to 64 GiB', () => {
    expect(parseUploadMax(undefined)).toBe(2 * 1024 ** 3);
    expect(parseUploadMax('1048576')).toBe(1048576);
    for (const bad of ['1048575', '1e9', '-5', 'lots', String(65 * 1024 ** 3)]) {
      expect(() => parseUploadMax(bad), bad).toThrow(/UPLOAD_MAX_BYTES/);
    }
  });
});
