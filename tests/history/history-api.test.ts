import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE_MAX, HISTORY_QUERY_MAX } from '../../domain/history';
import { TestClient } from '../helpers/client';
import { errorOf, perFile } from '../helpers/setup';
import { historyOf, listensRows, minutesAgo, reportListens, setUpHistory } from './history-setup';

/** GET and DELETE /api/user/history (issue 48): one's own plays, paged, searched, deleted. */
const s = perFile(setUpHistory);

/** Five plays: Ola, Espuma, Room Tone, Ola, Espuma (oldest first). */
async function fivePlays(name: string) {
  const member = await s.newMember(name);
  const times = [50, 40, 30, 20, 10].map(minutesAgo);
  const files = [s.files.ola, s.files.espuma, s.files.room, s.files.ola, s.files.espuma];
  await reportListens(
    member,
    files.map((fileId, i) => ({ fileId, listenedAt: times[i]!, playedMs: 8000 })),
  );
  return { member, times, files };
}

describe('GET /api/user/history', () => {
  it('lists the plays newest first, with what the page needs to show and play them', async () => {
    const { member, times } = await fivePlays('lister');
    const page = await historyOf(member);
    expect(page.total).toBe(5);
    expect(page.listens.map((l) => l.playedAt)).toEqual([...times].reverse());
    expect(page.listens[0]).toEqual({
      listenId: expect.any(Number),
      fileId: s.files.espuma,
      title: 'Espuma',
      artists: ['Ana Ruiz'],
      collectionId: s.fx.ids.free,
      collectionName: 'Mareas',
      imageHash: expect.any(String),
      playedAt: times[4],
      client: 'web',
      durationMs: expect.any(Number),
    });
    expect(page.listens[2]?.title).toBe('Room Tone');
  });

  it('pages with offset and limit', async () => {
    const { member, times } = await fivePlays('pager');
    const first = await historyOf(member, '?limit=2');
    const second = await historyOf(member, '?limit=2&offset=2');
    const last = await historyOf(member, '?limit=2&offset=4');
    expect([first, second, last].map((p) => p.total)).toEqual([5, 5, 5]);
    expect([...first.listens, ...second.listens, ...last.listens].map((l) => l.playedAt)).toEqual(
      [...times].reverse(),
    );
    expect((await historyOf(member, '?offset=10')).listens).toEqual([]);
  });

  it('searches by title, artist and album, case and accents aside', async () => {
    const { member } = await fivePlays('searcher');
    const byTitle = await historyOf(member, '?q=espuma');
    expect(byTitle.total).toBe(2);
    expect(byTitle.listens.every((l) => l.title === 'Espuma')).toBe(true);
    expect((await historyOf(member, '?q=MIRA%20vale')).listens.map((l) => l.title)).toEqual([
      'Room Tone',
    ]);
    expect((await historyOf(member, '?q=mareas')).total).toBe(4);
    expect((await historyOf(member, '?q=nothing%20like%20this')).total).toBe(0);
    // Accents and case fold both ways, as the library's search does.
    expect((await historyOf(member, '?q=ESP%C3%9AMA')).total).toBe(2);
    expect((await historyOf(member, '?q=r%C3%BAiz%20%C3%A1na')).total).toBe(4);
    // Words match inside the track's own text: the album's other titles do not count.
    expect((await historyOf(member, '?q=espuma%20ola')).total).toBe(0);
    // Only spaces or punctuation: no words, the whole list, as the library's search reads it.
    expect((await historyOf(member, '?q=%20%20')).total).toBe(5);
    expect((await historyOf(member, '?q=%25')).total).toBe(5);
    expect((await historyOf(member, '?q=%25%25x')).total).toBe(0);
  });

  it('shows each user only their own plays, the administrator included', async () => {
    await fivePlays('private');
    const other = await s.newMember('someoneelse');
    expect(await historyOf(other)).toEqual({ listens: [], total: 0 });
    expect((await historyOf(s.admin)).total).toBe(0);
    expect((await new TestClient(s.t.app).get('/api/user/history')).statusCode).toBe(401);
  });

  it('refuses bad input with a message', async () => {
    const member = await s.newMember('sloppy');
    for (const query of [
      `?limit=${HISTORY_PAGE_MAX + 1}`,
      '?limit=0',
      '?offset=-1',
      '?limit=ten',
      `?q=${'a'.repeat(HISTORY_QUERY_MAX + 1)}`,
    ]) {
      const response = await member.get(`/api/user/history${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response), query).toMatch(/limit|offset|q /);
    }
  });
});

describe('DELETE /api/user/history', () => {
  it('deletes one of the caller’s plays; another user’s answers 404 and stays', async () => {
    const { member } = await fivePlays('forgetter');
    const { member: other } = await fivePlays('keeper');
    const [newest] = (await historyOf(member)).listens;
    const [othersNewest] = (await historyOf(other)).listens;
    expect((await member.delete(`/api/user/history/${othersNewest!.listenId}`)).statusCode).toBe(
      404,
    );
    expect((await historyOf(other)).total).toBe(5);
    const deleted = await member.delete(`/api/user/history/${newest!.listenId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await historyOf(member);
    expect(after.total).toBe(4);
    expect(after.listens.map((l) => l.listenId)).not.toContain(newest!.listenId);
    expect((await member.delete(`/api/user/history/${newest!.listenId}`)).statusCode).toBe(404);
    for (const bad of ['0', 'x', '-3', '99999999999']) {
      expect((await member.delete(`/api/user/history/${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('deletes all of the caller’s plays and nobody else’s', async () => {
    const { member } = await fivePlays('cleaner');
    const { member: other } = await fivePlays('bystander');
    const response = await member.delete('/api/user/history');
    expect(response.statusCode, response.body).toBe(200);
    expect(await listensRows(s, member.userId)).toEqual([]);
    expect((await historyOf(other)).total).toBe(5);
    // Without the XSRF header nothing goes.
    const refused = await other.delete('/api/user/history', { noXsrf: true });
    expect(refused.statusCode).toBe(403);
    expect((await historyOf(other)).total).toBe(5);
  });

  it('removes the plays with the account', async () => {
    const { member } = await fivePlays('leaver');
    expect((await listensRows(s, member.userId)).length).toBe(5);
    const response = await member.delete('/api/user/me', { body: { password: 'password-123' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await listensRows(s, member.userId)).toEqual([]);
  });
});
