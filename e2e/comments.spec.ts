import { expect, test } from './support/csp-guard';
import { ApiSession, collectionId, registerUser } from './support/api';
import { signIn } from './support/sign-in';

test.describe('comments on a collection', () => {
  test('post, reply, edit and delete', async ({ page }) => {
    const id = await collectionId('Fieldnotes');
    const first = `First thoughts ${Date.now()}\nsecond line`;
    await signIn(page);
    await page.goto(`/collection/${id}`);
    const section = page.getByRole('region', { name: 'Comments' });
    await section.getByLabel('Comment', { exact: true }).fill(first);
    await expect(section.getByText(`${first.length} / 2048`)).toBeVisible();
    await section.getByRole('button', { name: 'Post' }).click();
    const top = section.getByTestId('comment').filter({ hasText: 'First thoughts' }).first();
    await expect(top.getByTestId('comment-body').first()).toHaveText(first);

    await top.getByRole('button', { name: 'Reply to admin' }).first().click();
    await top.getByLabel('Your reply to admin').fill('A reply below');
    await top.getByRole('button', { name: 'Reply', exact: true }).click();
    const replyByText = top.getByTestId('comment').filter({ hasText: 'A reply below' });
    await expect(replyByText).toBeVisible();
    // Edit mode replaces the text with a field, so keep hold of the reply by its id.
    const replyId = await replyByText.getAttribute('data-comment-id');
    const reply = page.locator(`[data-comment-id="${replyId}"]`);

    await reply.getByRole('button', { name: 'Edit' }).click();
    await reply.getByLabel('Edit').fill('An edited reply');
    await reply.getByRole('button', { name: 'Save' }).click();
    await expect(top.getByText('An edited reply')).toBeVisible();

    await reply.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(top.getByText('An edited reply')).toHaveCount(0);
    await expect(top.getByTestId('comment-body').first()).toHaveText(first);
    await top.getByRole('button', { name: 'Delete' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(section.getByText('First thoughts')).toHaveCount(0);
  });

  test('the body stops at 2048 characters', async ({ page }) => {
    const id = await collectionId('Fieldnotes');
    await signIn(page);
    await page.goto(`/collection/${id}`);
    const field = page
      .getByRole('region', { name: 'Comments' })
      .getByLabel('Comment', { exact: true });
    await field.fill('x'.repeat(2100));
    await expect(field).toHaveValue('x'.repeat(2048));
  });

  test('others get no edit or delete on a comment that is not theirs', async ({ page }) => {
    const id = await collectionId('Fieldnotes');
    const api = await ApiSession.signIn();
    const collection = await api.call<{ collection: { commentGroupId: number } }>(
      'GET',
      `/api/audio_collection/${id}`,
    );
    const text = `Admin says hello ${Date.now()}`;
    await api.call('POST', '/api/comments', {
      group: collection.collection.commentGroupId,
      body: text,
      reply: null,
    });
    await api.dispose();
    const user = await registerUser('talk');
    await signIn(page, user.username, user.password);
    await page.goto(`/collection/${id}`);
    const comment = page.getByTestId('comment').filter({ hasText: text });
    await expect(comment).toBeVisible();
    await expect(comment.getByRole('button', { name: 'Reply to admin' })).toBeVisible();
    await expect(comment.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(comment.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });
});
