import { expect, test } from './support/csp-guard';
import { ApiSession, collectionId, uniqueName } from './support/api';
import { confirmedUser } from './support/confirmed-user';
import { signIn } from './support/sign-in';

test('the administrator lists every comment with where it was posted, and deletes one', async ({
  page,
}) => {
  const member = await confirmedUser('commenter');
  const api = await ApiSession.signIn(member.username, member.password);
  const requestName = uniqueName('Comment target ');
  const request = await api.call<{ requestId: number; commentGroupId: number }>(
    'PUT',
    '/api/request',
    { requestName, requestArtist: 'Someone' },
  );
  const onRequest = uniqueName('on request ');
  await api.call('POST', '/api/comments', { group: request.commentGroupId, body: onRequest });
  const fieldnotes = await collectionId('Fieldnotes');
  const collection = await api.call<{ collection: { commentGroupId: number } }>(
    'GET',
    `/api/audio_collection/${fieldnotes}`,
  );
  const onCollection = uniqueName('on album ');
  await api.call('POST', '/api/comments', {
    group: collection.collection.commentGroupId,
    body: onCollection,
  });
  await api.dispose();

  await signIn(page, undefined, undefined, { worker: false });
  const listCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/comments');
  await page.goto('/admin/comments');
  const url = new URL((await listCall).url());
  expect(url.searchParams.get('limit')).toBe('100');
  expect(url.searchParams.get('offset')).toBe('0');

  const list = page.getByTestId('admin-comments');
  const requestItem = list.getByRole('listitem').filter({ hasText: onRequest });
  await expect(requestItem.getByRole('link', { name: `Request: ${requestName}` })).toHaveAttribute(
    'href',
    `/requests/${request.requestId}`,
  );
  const collectionItem = list.getByRole('listitem').filter({ hasText: onCollection });
  await expect(
    collectionItem.getByRole('link', { name: 'Collection: Fieldnotes' }),
  ).toHaveAttribute('href', `/collection/${fieldnotes}`);

  await requestItem
    .getByRole('button', { name: `Delete the comment by ${member.username}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Comment deleted')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: onRequest })).toHaveCount(0);
  await expect(collectionItem).toBeVisible();
});
