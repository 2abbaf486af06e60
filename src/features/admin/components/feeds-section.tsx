import { Box, Button, Field, Heading, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { formatDate } from '../../../../domain/format';
import { RSS_DEFAULT_INTERVAL, type RssFeed } from '../../../../domain/servers';
import type { PostActionSpec } from '../../../../domain/settings';
import { notifySuccess } from '../../../lib/notify';
import { serverStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { useAddFeed, useDeleteFeed, useFeeds } from '../api/servers';
import { primaryButtonProps } from '../../../ui/primary-button-props';
import { TextInput } from './settings-inputs';

const t = serverStrings.rss;
const EMPTY = {
  rssUrl: '',
  rssCookies: '',
  titleRegex: '',
  checkInterval: String(RSS_DEFAULT_INTERVAL),
  postActions: '',
};

function FeedTable({ feeds, onDelete }: { feeds: RssFeed[]; onDelete: (f: RssFeed) => void }) {
  if (feeds.length === 0) return <Text color="fg.muted">{t.empty}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.url}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.regex}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.interval}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.lastCheck}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.lastError}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {feeds.map((feed) => (
            <Table.Row key={feed.rssFeedId}>
              <Table.Cell maxW="64" wordBreak="break-all">
                {feed.rssUrl}
              </Table.Cell>
              <Table.Cell>{feed.titleRegex ?? t.none}</Table.Cell>
              <Table.Cell>{feed.checkInterval}</Table.Cell>
              <Table.Cell>{feed.lastCheck ? formatDate(feed.lastCheck) : t.never}</Table.Cell>
              <Table.Cell color={feed.lastError ? 'fg.error' : undefined}>
                {feed.lastError ?? t.none}
              </Table.Cell>
              <Table.Cell>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={t.deleteLabel(feed.rssUrl)}
                  onClick={() => onDelete(feed)}
                >
                  {t.delete}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

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
      {feeds.isPending ? (
        <CenteredSpinner label={t.heading} />
      ) : feeds.isError ? (
        <LoadError error={feeds.error} />
      ) : (
        <FeedTable
          feeds={feeds.data}
          onDelete={(feed) =>
            remove.mutate(feed.rssFeedId, { onSuccess: () => notifySuccess(t.deleted) })
          }
        />
      )}
      <Box borderWidth="1px" borderRadius="md" p="5">
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <TextInput label={t.url} value={values.rssUrl} onChange={set('rssUrl')} />
            <TextInput label={t.cookies} value={values.rssCookies} onChange={set('rssCookies')} />
            <TextInput label={t.regex} value={values.titleRegex} onChange={set('titleRegex')} />
            <TextInput
              label={t.interval}
              value={values.checkInterval}
              inputMode="numeric"
              onChange={set('checkInterval')}
            />
            <Field.Root invalid={badJson}>
              <Field.Label>{t.postActions}</Field.Label>
              <Textarea
                rows={2}
                value={values.postActions}
                onChange={(e) => set('postActions')(e.target.value)}
              />
              <Field.ErrorText>{serverStrings.add.invalidJson}</Field.ErrorText>
            </Field.Root>
            {add.error ? <LoadError error={add.error} /> : null}
            <Box>
              <Button
                type="submit"
                {...primaryButtonProps}
                loading={add.isPending}
                disabled={!values.rssUrl.trim()}
              >
                {t.add}
              </Button>
            </Box>
          </Stack>
        </form>
      </Box>
    </Stack>
  );
}
