import { expect, test } from './support/csp-guard';
import type { CollectionWithFiles } from '../domain/collection';
import { ApiSession, collectionId, registerUser } from './support/api';
import { signIn } from './support/sign-in';

test.describe('likes offline', () => {
  test('a heart given offline on a collection page reaches the server when online', async ({
    page,
    context,
  }) => {
    // A fresh member: the liked playlist starts empty, so one id is the heart given here.
    const user = await registerUser('offlineheart');
    const id = await collectionId('Paper Boats');
    const api = await ApiSession.signIn(user.username, user.password);
    try {
      const [item] = await api.call<CollectionWithFiles[]>('POST', '/api/audio_collection/bulk', {
        ids: [id],
      });
      const fileIds = (item?.files ?? []).map((entry) => entry.file.fileId);

      await signIn(page, user.username, user.password, { worker: false });
      await page.goto(`/collection/${id}`);
      const row = page.getByTestId('file-row').first();
      const track = (await row.locator('p').first().textContent()) ?? '';
      const like = row.getByRole('button', { name: `Like ${track}` });
      await expect(like).toBeVisible();

      await context.setOffline(true);
      await like.click();
      // Queued, not refused: the heart stays given while the network is away.
      await expect(row.getByRole('button', { name: `Unlike ${track}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(await api.call<number[]>('GET', '/api/playlist/liked/ids')).toEqual([]);

      await context.setOffline(false);
      await expect
        .poll(() => api.call<number[]>('GET', '/api/playlist/liked/ids'), { timeout: 15_000 })
        .toHaveLength(1);
      const [liked] = await api.call<number[]>('GET', '/api/playlist/liked/ids');
      expect(fileIds).toContain(liked);
    } finally {
      await api.dispose();
    }
  });
});
