import { describe, expect, it } from 'vitest';
import { CastLinkSchema } from '../../domain/media';
import { encodeClaims } from '../../server/modules/media/cast-links.service';
import { openSecretBox } from '../../server/security/secret-box';
import { TestClient } from '../helpers/client';
import { perFile, registerMember, setUpLibrary, withMember } from '../helpers/setup';

const c = perFile(async () => withMember(await setUpLibrary()));

const trackOf = async (collectionId: number, nth = 0) => {
  const rows = await c.t.db
    .selectFrom('files')
    .innerJoin('audio', 'audio.file_id', 'files.file_id')
    .select('files.file_id')
    .where('files.collection_id', '=', collectionId)
    .orderBy('files.file_id')
    .execute();
  return Number(rows[nth]!.file_id);
};

/** A speaker: no cookie, no session, only the address. */
const speaker = () => new TestClient(c.t.app);

/** A token signed with the server's own key, claims chosen by the test. */
async function forged(claims: { u: number; f: number; e: number }) {
  const box = await openSecretBox(c.t.config);
  const body = encodeClaims(claims);
  return `/downloader/cast/${body}.${box.lookup(`cast-media-address\n${body}`).slice(0, 32)}`;
}

describe('signed cast addresses (issue 50)', () => {
  it('streams the one track to a speaker without a cookie, with ranges, until it expires', async () => {
    const fileId = await trackOf(c.fx.ids.free);
    const issued = await c.user.post(`/api/media/cast/${fileId}`);
    expect(issued.statusCode, issued.body).toBe(200);
    const { url, expiresAt } = CastLinkSchema.parse(issued.json());
    // The track's length plus a margin, never a day.
    const left = Date.parse(expiresAt) - Date.now();
    expect(left).toBeGreaterThan(15 * 60_000 - 5_000);
    expect(left).toBeLessThan(12 * 3_600_000);

    const whole = await speaker().get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toMatch(/^audio\//);
    const part = await speaker().get(url, { headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);

    const expired = await forged({ u: c.user.userId, f: fileId, e: Date.now() - 1000 });
    expect((await speaker().get(expired)).statusCode).toBe(404);
  });

  it('refuses an address changed to another file, or not signed by this server', async () => {
    const fileId = await trackOf(c.fx.ids.free);
    const other = await trackOf(c.fx.ids.free, 1);
    const { url } = CastLinkSchema.parse((await c.user.post(`/api/media/cast/${fileId}`)).json());
    const [body, signature] = url.slice('/downloader/cast/'.length).split('.');
    const [u, , e] = body!.split('-');
    const moved = `${u}-${other.toString(36)}-${e}`;
    expect((await speaker().get(`/downloader/cast/${moved}.${signature}`)).statusCode).toBe(404);
    expect((await speaker().get(`${url.slice(0, -4)}beef`)).statusCode).toBe(404);
    expect((await speaker().get('/downloader/cast/not-a-token')).statusCode).toBe(400);
  });

  it('is not issued for a track the caller may not see, nor without a session', async () => {
    const hidden = await trackOf(c.fx.ids.hidden);
    expect((await c.user.post(`/api/media/cast/${hidden}`)).statusCode).toBe(404);
    expect((await speaker().post(`/api/media/cast/${hidden}`)).statusCode).toBe(401);
  });

  it('stops working when its user is banned', async () => {
    const banned = await registerMember(c.t, 'banned-caster');
    const fileId = await trackOf(c.fx.ids.single);
    const { url } = CastLinkSchema.parse((await banned.post(`/api/media/cast/${fileId}`)).json());
    expect((await speaker().get(url, { headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
    expect((await c.admin.put(`/api/user/${banned.userId}/ban`)).statusCode).toBe(200);
    expect((await speaker().get(url)).statusCode).toBe(404);
  });
});
