import { expect } from 'vitest';
import {
  PartyStateSchema,
  StartedPartySchema,
  type PartyState,
  type StartedParty,
} from '../../domain/parties';
import { TestClient } from '../helpers/client';
import type { TestApp } from '../helpers/test-app';

/** Starts a party as `host` with these files, expecting success. */
export async function startParty(
  host: TestClient,
  fileIds: number[],
  allowAnonymous = false,
): Promise<StartedParty> {
  const response = await host.put('/api/party', { fileIds, allowAnonymous });
  expect(response.statusCode, response.body).toBe(200);
  return StartedPartySchema.parse(response.json());
}

/** GET /api/party/{token} as `client`, expecting the state. */
export async function partyState(client: TestClient, token: string): Promise<PartyState> {
  const response = await client.get(`/api/party/${token}`);
  expect(response.statusCode, response.body).toBe(200);
  return PartyStateSchema.parse(response.json());
}

/** Someone without an account, from an address of their own. */
export function visitor(t: TestApp, address = '198.51.100.20'): TestClient {
  const client = new TestClient(t.app);
  client.remoteAddress = address;
  return client;
}

/** The audio file ids of a collection, in id order. */
export async function filesOf(t: TestApp, collectionId: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('files')
    .innerJoin('audio', 'audio.file_id', 'files.file_id')
    .select('files.file_id')
    .where('files.collection_id', '=', collectionId)
    .orderBy('files.file_id')
    .execute();
  return rows.map((r) => Number(r.file_id));
}

export const NOT_FOUND_BODY = { error: 'Party not found' };
