import { Box, Button, Heading, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { formatDate } from '../../../../domain/format';
import { RSS_DEFAULT_INTERVAL, type RssFeed } from '../../../../domain/servers';
import type { PostActionSpec } from '../../../../domain/settings';
import { notifySuccess } from '../../../lib/notify';
import { serverStrings } from '../../../lib/strings';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { useAddFeed, useDeleteFeed, useFeeds } from '../api/servers';
import { FormFooter } from '../../../ui/form-footer';
import { TextAreaField, TextField } from '../../../ui/text-field';

const t = serverStrings.rss;
const EMPTY = {
  rssUrl: '',
  rssCookies: '',
  titleRegex: '',
  checkInterval: String(RSS_DEFAULT_INTERVAL),
  postActions: '',
};

const COLUMNS: DataColumn<RssFeed>[] = [
  {
    id: 'url',
    header: t.url,
    cell: (feed) => feed.rssUrl,
    cellProps: { maxW: '64', wordBreak: 'break-all' },
  },
  { id: 'regex', header: t.regex, cell: (feed) => feed.titleRegex ?? t.none },
  { id: 'interval', header: t.interval, cell: (feed) => feed.checkInterval },
  {
    id: 'last-check',
    header: t.lastCheck,
    cell: (feed) => (feed.lastCheck ? formatDate(feed.lastCheck) : t.never),
  },
  {
    id: 'last-error',
    header: t.lastError,
    cell: (feed) => feed.lastError ?? t.none,
    cellProps: (feed) => (feed.lastError ? { color: 'fg.error' } : {}),
  },
];

/** The RSS section of /admin/servers/{id}: feeds with their last check and error, add, delete. */
export function FeedsSection({ serverId }: { serverId: number }) {
  const feeds = useFeeds(serverId);
  const add = useAddFeed(serverId);
  const remove = useDeleteFeed(serverId);
  const [values, setValues] = useState(EMPTY);
  const [badJson, setBadJson] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let postActions: PostActionSpec[] = [];
    try {
      postActions = values.postActions.trim()
        ? (JSON.parse(values.postActions) as PostActionSpec[])
        : [];
    } catch {
      setBadJson(true);
      return;
    }
    setBadJson(false);
    add.mutate(
      {
        rssUrl: values.rssUrl.trim(),
        rssCookies: values.rssCookies.trim() || null,
        titleRegex: values.titleRegex.trim() || null,
        checkInterval: Number(values.checkInterval),
        postActions,
      },
      {
        onSuccess: () => {
          notifySuccess(t.added);
          setValues(EMPTY);
        },
      },
    );
  };

  return (
    <Stack as="section" aria-labelledby="rss-feeds" gap="4">
      <Heading as="h2" size="lg" id="rss-feeds">
        {t.heading}
      </Heading>
      <DataTable
        columns={COLUMNS}
        rows={feeds.data}
        rowKey={(feed) => feed.rssFeedId}
        loading={feeds.isPending}
        loadingLabel={t.heading}
        error={feeds.error}
        empty={t.empty}
        rowActions={(feed) => (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={t.deleteLabel(feed.rssUrl)}
            onClick={() =>
              remove.mutate(feed.rssFeedId, { onSuccess: () => notifySuccess(t.deleted) })
            }
          >
            {t.delete}
          </Button>
        )}
      />
      <Box borderWidth="1px" borderRadius="md" p="5">
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <TextField label={t.url} value={values.rssUrl} onChange={set('rssUrl')} />
            <TextField label={t.cookies} value={values.rssCookies} onChange={set('rssCookies')} />
            <TextField label={t.regex} value={values.titleRegex} onChange={set('titleRegex')} />
            <TextField
              label={t.interval}
              value={values.checkInterval}
              inputMode="numeric"
              onChange={set('checkInterval')}
            />
            <TextAreaField
              label={t.postActions}
              invalid={badJson}
              rows={2}
              value={values.postActions}
              onChange={(value) => set('postActions')(value)}
              errorText={serverStrings.add.invalidJson}
            />
            <FormFooter
              submitLabel={t.add}
              canSubmit={values.rssUrl.trim() !== ''}
              submitting={add.isPending}
              error={add.error}
            />
          </Stack>
        </form>
      </Box>
    </Stack>
  );
}
