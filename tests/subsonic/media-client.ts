import { SubsonicAPI } from 'subsonic-api';
import { expect } from 'vitest';
import { memberWithRole, type Member } from '../helpers/setup';
import { subsonicFor, type SubsonicSetup, type SubsonicUser } from '../helpers/subsonic';

/** What the media tests share: clients that send headers, and reading a failed bytes call. */

/**
 * A subsonic-api client signed in with this user's app password (as apiKey), sending `headers`
 * (a Range, If-None-Match) with every request: the shared clients cannot add headers.
 */
export function clientOf(
  s: SubsonicSetup,
  user: SubsonicUser,
  headers: Record<string, string> = {},
): SubsonicAPI {
  return new SubsonicAPI({
    url: s.url,
    auth: { apiKey: user.password },
    fetch: (input, init) => fetch(input, { ...init, headers: { ...headers } }),
  });
}

export type RestMember = SubsonicUser & { userId: number; web: Member };

/** A member on a role of their own, with this many downloads left, signed in to /rest. */
export async function restMember(
  s: SubsonicSetup,
  role: Parameters<typeof memberWithRole>[1],
  remainingDownloads?: number,
): Promise<RestMember> {
  const member = await memberWithRole(
    s.t,
    role,
    remainingDownloads === undefined ? {} : { remainingDownloads },
  );
  return {
    ...(await subsonicFor(s.url, member, member.userName)),
    userId: member.userId,
    web: member,
  };
}

export interface Envelope {
  status: string;
  error?: { code: number; message: string };
}

/** A bytes call that failed answers the envelope (HTTP 200) instead of the bytes. */
export async function errorCode(response: Response): Promise<number | undefined> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/json/);
  const body = (await response.json()) as { 'subsonic-response': Envelope };
  expect(body['subsonic-response'].status).toBe('failed');
  return body['subsonic-response'].error?.code;
}

export const bytesOf = async (response: Response): Promise<Buffer> =>
  Buffer.from(await response.arrayBuffer());
