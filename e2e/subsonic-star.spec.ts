import { expect, test, type APIRequestContext } from './support/csp-guard';
import type { CollectionWithFiles } from '../domain/collection';
import { ApiSession, collectionId, registerUser } from './support/api';
import { signIn } from './support/sign-in';

/** A /rest call as a phone app sends it (API key, JSON); the subsonic-response. */
async function rest(request: APIRequestContext, call: string, apiKey: string, id: number) {
  const response = await request.get(
    `/rest/${call}?apiKey=${encodeURIComponent(apiKey)}&id=${id}&f=json&c=Phone`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { 'subsonic-response': { status: string } })[
    'subsonic-response'
  ];
}

test('a song starred from a phone app shows as a filled heart in the web app', async ({
  page,
  playwright,
}) => {
  const user = await registerUser('starrer');
  const web = await ApiSession.signIn(user.username, user.password);
  const app = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const { password } = await web.call<{ password: string }>('PUT', '/api/user/app_password', {
      name: 'Phone',
    });
    const id = await collectionId('Paper Boats');
    const collection = await web.call<CollectionWithFiles>('GET', `/api/audio_collection/${id}`);
    const first = collection.files.find((f) => f.audio !== null);
    if (!first?.audio) throw new Error('Paper Boats has no audio');
    const track = first.audio.audioTitle;

    expect(await rest(app, 'star', password, first.file.fileId)).toMatchObject({ status: 'ok' });

    await signIn(page, user.username, user.password, { worker: false });
    await page.goto(`/collection/${id}`);
    const row = page.getByTestId('file-row').filter({ hasText: track }).first();
    await expect(row.getByRole('button', { name: `Unlike ${track}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Unstarred from the app: the heart empties once the page reads the likes again.
    expect(await rest(app, 'unstar', password, first.file.fileId)).toMatchObject({
      status: 'ok',
    });
    await page.reload();
    await expect(row.getByRole('button', { name: `Like ${track}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  } finally {
    await app.dispose();
    await web.dispose();
  }
});
