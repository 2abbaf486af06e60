import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TicketDetailSchema, TicketSchema, type TicketDetail } from '../../domain/ticket';
import { TestClient } from '../helpers/client';
import { SmtpSink } from '../helpers/smtp-sink';
import { samples, setUpUploads, uploadOk, type UploadsSetup } from '../helpers/uploads';

const sink = new SmtpSink();
let c: UploadsSetup;
beforeAll(async () => {
  await sink.start();
  c = await setUpUploads({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await c.close();
  await sink.stop();
});

async function openTicket(
  client: TestClient,
  title = 'Playback stops',
  body = 'After two minutes the song stops.',
  attachments: number[] = [],
): Promise<number> {
  const response = await client.put('/api/ticket', { title, body, attachments });
  if (response.statusCode !== 200) {
    throw new Error(`ticket failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ ticketId: number }>().ticketId;
}

async function readTicket(client: TestClient, ticketId: number): Promise<TicketDetail> {
  const response = await client.get(`/api/ticket/${ticketId}`);
  if (response.statusCode !== 200) {
    throw new Error(`reading ticket failed: ${response.statusCode} ${response.body}`);
  }
  return TicketDetailSchema.parse(response.json());
}

const list = async (client: TestClient) =>
  z.array(TicketSchema).parse((await client.get('/api/ticket')).json());
const ticketCount = async () =>
  Number(
    (
      await c.t.db
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const messageCount = async (ticketId: number) =>
  (
    await c.t.db
      .selectFrom('ticket_messages')
      .select('ticket_message_id')
      .where('ticket_id', '=', ticketId)
      .execute()
  ).length;

describe('PUT /api/ticket and GET /api/ticket', () => {
  it('opens a ticket, lists it for its user and all admins, and mails the admins', async () => {
    const ticketId = await openTicket(c.member, 'Cannot play FLAC', 'It says error.');
    const mine = await list(c.member);
    expect(mine.find((t) => t.ticketId === ticketId)).toMatchObject({
      ticketTitle: 'Cannot play FLAC',
      ticketOpen: true,
      ticketUser: { userId: c.member.userId, userName: 'member' },
    });
    expect(typeof mine[0]?.ticketCreated).toBe('string');
    expect((await list(c.other)).some((t) => t.ticketId === ticketId)).toBe(false);
    expect((await list(c.admin)).some((t) => t.ticketId === ticketId)).toBe(true);
    const mail = await sink.waitForMail((m) => m.text.includes('Cannot play FLAC'));
    expect(mail.to).toEqual(['admin@localhost']);
    expect(mail.text).toContain(`http://musicbox.test/support/${ticketId}`);
  });

  it('keeps the first message with its attachments', async () => {
    const uploadId = await uploadOk(c.member, 'screenshot.png', samples.png());
    const ticketId = await openTicket(c.member, 'With a picture', 'See attached.', [uploadId]);
    const detail = await readTicket(c.member, ticketId);
    expect(detail.messages).toHaveLength(1);
    expect(detail.messages[0]).toMatchObject({
      ticketMessageBody: 'See attached.',
      user: { userId: c.member.userId, userName: 'member', isAdmin: false },
    });
    expect(detail.attachments).toEqual([
      expect.objectContaining({
        uploadId,
        ticketMessageId: detail.messages[0]?.ticketMessageId,
        uploadName: 'screenshot.png',
        uploadType: 'image/png',
      }),
    ]);
    expect(detail.attachments[0]?.uploadPath).toMatch(/^uploads\/[0-9a-f]{32}\.png$/);
  });

  it('refuses bad input with 400 naming the field and creates nothing', async () => {
    const before = await ticketCount();
    const cases: Array<[unknown, RegExp]> = [
      [{ body: 'x' }, /title/],
      [{ title: '   ', body: 'x' }, /title/],
      [{ title: 't'.repeat(121), body: 'x' }, /title/],
      [{ title: 'x', body: '  ' }, /body/],
      [{ title: 'x', body: 'b'.repeat(5001) }, /body/],
      [{ title: 'x', body: 'y', attachments: [1, 1] }, /twice/],
      [{ title: 'x', body: 'y', attachments: 'all' }, /attachments/],
      [{ title: 'x', body: 'y', attachments: [999999] }, /does not exist/],
    ];
    for (const [body, message] of cases) {
      const response = await c.member.put('/api/ticket', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(message);
    }
    expect(await ticketCount()).toBe(before);
  });

  it("refuses another user's upload as an attachment", async () => {
    const theirs = await uploadOk(c.other, 'theirs.txt', samples.text());
    const before = await ticketCount();
    const response = await c.member.put('/api/ticket', {
      title: 'x',
      body: 'y',
      attachments: [theirs],
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('not an upload of yours');
    expect(await ticketCount()).toBe(before);
  });

  it('refuses anonymous callers (401)', async () => {
    const anonymous = new TestClient(c.t.app);
    expect((await anonymous.get('/api/ticket')).statusCode).toBe(401);
    expect((await anonymous.put('/api/ticket', { title: 'x', body: 'y' })).statusCode).toBe(401);
  });
});

describe('GET /api/ticket/{id}', () => {
  it('shows the ticket to its user and admins, refuses another user (403)', async () => {
    const ticketId = await openTicket(c.member);
    expect((await readTicket(c.admin, ticketId)).ticket.ticketId).toBe(ticketId);
    const other = await c.other.get(`/api/ticket/${ticketId}`);
    expect(other.statusCode).toBe(403);
    expect(other.body).toContain('not your ticket');
    expect((await new TestClient(c.t.app).get(`/api/ticket/${ticketId}`)).statusCode).toBe(401);
    expect((await c.member.get('/api/ticket/999999')).statusCode).toBe(404);
    expect((await c.member.get('/api/ticket/abc')).statusCode).toBe(400);
  });
});

describe('PUT /api/ticket/{id} (reply)', () => {
  it('lets an admin reply with attachments; the user reads it, is mailed, and may open the file', async () => {
    const ticketId = await openTicket(c.member, 'Need help');
    const adminFile = await uploadOk(c.admin, 'fix-instructions.pdf', samples.pdf());
    sink.mails.length = 0;
    const response = await c.admin.put(`/api/ticket/${ticketId}`, {
      body: 'Try this.',
      attachments: [adminFile],
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = await readTicket(c.member, ticketId);
    expect(detail.messages.map((m) => m.ticketMessageBody)).toEqual([
      'After two minutes the song stops.',
      'Try this.',
    ]);
    expect(detail.messages[1]?.user).toMatchObject({ userName: 'admin', isAdmin: true });
    const attachment = detail.attachments.find((a) => a.uploadId === adminFile);
    expect(attachment?.ticketMessageId).toBe(detail.messages[1]?.ticketMessageId);
    const mail = await sink.waitForMail((m) => m.to.includes('member@example.com'));
    expect(mail.text).toContain('Try this.');
    // The ticket's user may open the admin's attachment; another user may not.
    const path = encodeURIComponent(attachment?.uploadPath ?? '');
    expect((await c.member.get(`/api/file?path=${path}`)).statusCode).toBe(200);
    expect((await c.other.get(`/api/file?path=${path}`)).statusCode).toBe(404);
  });

  it('lets the user reply with several attachments and mails nobody about it', async () => {
    const ticketId = await openTicket(c.member);
    const a = await uploadOk(c.member, 'one.txt', samples.text());
    const b = await uploadOk(c.member, 'two.png', samples.png());
    sink.mails.length = 0;
    const response = await c.member.put(`/api/ticket/${ticketId}`, {
      body: 'More',
      attachments: [a, b],
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = await readTicket(c.member, ticketId);
    expect(detail.attachments.map((x) => x.uploadId).sort()).toEqual([a, b].sort());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.mails.filter((m) => m.to.includes('member@example.com'))).toHaveLength(0);
  });

  it('refuses another user (403), a closed ticket (409), foreign or oversized attachments', async () => {
    const ticketId = await openTicket(c.member);
    const start = await messageCount(ticketId);
    expect((await c.other.put(`/api/ticket/${ticketId}`, { body: 'Hi' })).statusCode).toBe(403);

    const theirs = await uploadOk(c.other, 'x.txt', samples.text());
    const foreign = await c.member.put(`/api/ticket/${ticketId}`, {
      body: 'x',
      attachments: [theirs],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('not an upload of yours');

    // Audio may be larger than 25 MB when UPLOAD_MAX_BYTES allows; it is no attachment then.
    const big = await uploadOk(c.member, 'big.flac', samples.flac());
    await c.t.db
      .updateTable('uploads')
      .set({ size: 30_000_000 })
      .where('upload_id', '=', big)
      .execute();
    const oversized = await c.member.put(`/api/ticket/${ticketId}`, {
      body: 'x',
      attachments: [big],
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.body).toContain('larger than 25 MB');

    expect((await c.member.post(`/api/ticket/${ticketId}`, { open: false })).statusCode).toBe(200);
    const closed = await c.admin.put(`/api/ticket/${ticketId}`, { body: 'Late' });
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toContain('closed');
    expect(await messageCount(ticketId)).toBe(start);
    expect((await c.member.put('/api/ticket/999999', { body: 'x' })).statusCode).toBe(404);
    expect((await c.member.put(`/api/ticket/${ticketId}`, {})).statusCode).toBe(400);
  });
});

describe('POST /api/ticket/{id} (close and reopen)', () => {
  it('lets the user and an admin close and reopen; others are refused', async () => {
    const ticketId = await openTicket(c.member);
    const close = await c.member.post(`/api/ticket/${ticketId}`, { open: false });
    expect(close.statusCode).toBe(200);
    expect((await readTicket(c.member, ticketId)).ticket.ticketOpen).toBe(false);
    expect((await c.admin.post(`/api/ticket/${ticketId}`, { open: true })).statusCode).toBe(200);
    expect((await list(c.member)).find((t) => t.ticketId === ticketId)?.ticketOpen).toBe(true);
    expect((await c.other.post(`/api/ticket/${ticketId}`, { open: false })).statusCode).toBe(403);
    expect((await c.member.post(`/api/ticket/${ticketId}`, { open: 'no' })).statusCode).toBe(400);
    expect(
      (await c.member.post(`/api/ticket/${ticketId}`, { open: false }, { noXsrf: true }))
        .statusCode,
    ).toBe(403);
    expect((await readTicket(c.member, ticketId)).ticket.ticketOpen).toBe(true);
  });
});

describe('DELETE /api/ticket/{id}', () => {
  it('lets an admin delete a ticket with its messages and attached files', async () => {
    const uploadId = await uploadOk(c.member, 'log.txt', samples.text());
    const ticketId = await openTicket(c.member, 'Bye', 'x', [uploadId]);
    expect((await c.member.delete(`/api/ticket/${ticketId}`)).statusCode).toBe(403);
    expect((await c.other.delete(`/api/ticket/${ticketId}`)).statusCode).toBe(403);
    expect((await c.admin.delete(`/api/ticket/${ticketId}`)).statusCode).toBe(200);
    expect((await c.member.get(`/api/ticket/${ticketId}`)).statusCode).toBe(404);
    expect(await messageCount(ticketId)).toBe(0);
    const upload = await c.t.db
      .selectFrom('uploads')
      .select('upload_id')
      .where('upload_id', '=', uploadId)
      .executeTakeFirst();
    expect(upload).toBeUndefined();
    expect((await c.admin.delete(`/api/ticket/${ticketId}`)).statusCode).toBe(404);
  });

  it('removes an attachment when an admin deletes its upload', async () => {
    const uploadId = await uploadOk(c.member, 'wrong.txt', samples.text());
    const ticketId = await openTicket(c.member, 'Oops', 'x', [uploadId]);
    expect((await c.admin.delete(`/api/upload/${uploadId}`)).statusCode).toBe(200);
    const detail = await readTicket(c.member, ticketId);
    expect(detail.attachments).toEqual([]);
    expect(detail.messages).toHaveLength(1);
  });

  it("takes a deleted user's tickets along", async () => {
    const gone = new TestClient(c.t.app);
    const userId = (await gone.register({ username: 'leaving' })).json<{
      user: { userId: number };
    }>().user.userId;
    const ticketId = await openTicket(gone);
    await c.t.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await c.t.db.deleteFrom('users').where('user_id', '=', userId).execute();
    expect((await c.admin.get(`/api/ticket/${ticketId}`)).statusCode).toBe(404);
  });
});
