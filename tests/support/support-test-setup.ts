import { TicketDetailSchema, type TicketDetail } from '../../domain/ticket';
import type { TestClient } from '../helpers/client';
import { SmtpSink } from '../helpers/smtp-sink';
import { setUpUploads, type UploadsTestContext } from '../uploads/uploads-test-setup';

export interface SupportTestContext extends UploadsTestContext {
  sink: SmtpSink;
}

/** The uploads test app (admin, member, other, unconfirmed) with mail going to a real sink. */
export async function setUpSupport(): Promise<SupportTestContext> {
  const sink = new SmtpSink();
  await sink.start();
  const c = await setUpUploads({ SMTP_URL: sink.url });
  return { ...c, sink };
}

export async function tearDownSupport(c: SupportTestContext): Promise<void> {
  await c.t.close();
  await c.sink.stop();
}

export async function openTicket(
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

export async function readTicket(client: TestClient, ticketId: number): Promise<TicketDetail> {
  const response = await client.get(`/api/ticket/${ticketId}`);
  if (response.statusCode !== 200) {
    throw new Error(`reading ticket failed: ${response.statusCode} ${response.body}`);
  }
  return TicketDetailSchema.parse(response.json());
}
