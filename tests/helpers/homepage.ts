import { HomepageSchema, type Homepage } from '../../domain/homepage';
import type { TestClient } from './client';

const POLL_MS = 50;

/**
 * GET /api/homepage until `done` holds: the generated playlists are built by a job the request
 * only sends (issue 32), so a test waits for the job's result, polling, rather than sleeping.
 */
export async function homepageWhen(
  client: TestClient,
  done: (homepage: Homepage) => boolean,
  timeoutMs = 30_000,
): Promise<Homepage> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get('/api/homepage');
    if (response.statusCode !== 200)
      throw new Error(`GET /api/homepage answered ${response.statusCode}: ${response.body}`);
    const homepage = HomepageSchema.parse(response.json());
    if (done(homepage)) return homepage;
    if (Date.now() > until)
      throw new Error(`the homepage never became as expected: ${response.body}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Until the first build has written its last kind (special: always its two playlists). */
export const homepageBuilt = (client: TestClient): Promise<Homepage> =>
  homepageWhen(client, (homepage) => homepage.playlistsSpecial.length > 0);
