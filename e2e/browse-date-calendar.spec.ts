import { expect, test } from './support/csp-guard';
import { ApiSession, collectionId } from './support/api';
import { signIn } from './support/sign-in';

interface Found {
  data: { collectionId: number; audioReleaseDate: string | null }[];
}

const TARGET = 'Subway Sketches';

test('the release-date pop-up picks a range on its calendar, with a year view of 20 years', async ({
  page,
}) => {
  const api = await ApiSession.signIn();
  const target = await api.call<{ collection: { audioReleaseDate: string } }>(
    'GET',
    `/api/audio_collection/${await collectionId(TARGET)}`,
  );
  const released = target.collection.audioReleaseDate.slice(0, 10);
  const year = Number(released.slice(0, 4));
  const month = Number(released.slice(5, 7));
  const first = `${released.slice(0, 8)}01`;
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  const expected = await api.call<Found>('POST', '/api/audio_collection/search', {
    query: '',
    dateFrom: first,
    dateTo: last,
  });
  const all = await api.call<Found>('POST', '/api/audio_collection/search', { query: '' });
  await api.dispose();
  expect(expected.data.length).toBeGreaterThan(0);
  expect(expected.data.length).toBeLessThan(all.data.length);

  await signIn(page);
  await page.getByRole('link', { name: 'Browse' }).first().click();
  await expect(page.getByTestId('collection-card')).toHaveCount(all.data.length);
  await page.getByRole('button', { name: 'Release date' }).click();
  const calendar = page.getByRole('group', { name: 'Release date range' });

  // The month title opens the year view: 20 years.
  await calendar.getByRole('button', { name: /choose a year$/ }).click();
  const years = calendar.getByTestId('year-grid').getByRole('button');
  await expect(years).toHaveCount(20);
  while (!(await years.filter({ hasText: new RegExp(`^${year}$`) }).count())) {
    const earlier = Number(await years.first().textContent()) > year;
    await calendar.getByRole('button', { name: earlier ? 'Earlier years' : 'Later years' }).click();
  }
  await years.filter({ hasText: new RegExp(`^${year}$`) }).click();

  // Then month by month to the release month.
  const title = calendar.getByRole('button', { name: /choose a year$/ });
  const wanted = new Intl.DateTimeFormat('en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
  for (let i = 0; i < 12 && (await title.textContent()) !== wanted; i += 1) {
    const shown = new Date(`${await title.textContent()} 1 UTC`);
    const back = shown.getTime() > Date.UTC(year, month - 1, 1);
    await calendar.getByRole('button', { name: back ? 'Previous month' : 'Next month' }).click();
  }
  await expect(title).toHaveText(wanted);

  // Two clicks, last day first: the earlier one becomes the start.
  await calendar.getByRole('button', { name: last, exact: true }).click();
  await calendar.getByRole('button', { name: first, exact: true }).click();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(first);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(last);
  await expect(calendar.getByRole('button', { name: first, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const search = page.waitForRequest(
    (r) => r.url().endsWith('/api/audio_collection/search') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Apply' }).click();
  expect((await search).postDataJSON()).toMatchObject({ dateFrom: first, dateTo: last });
  await expect(page.getByTestId('collection-card')).toHaveCount(expected.data.length);
});
