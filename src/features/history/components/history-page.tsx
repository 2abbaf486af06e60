import { Badge, Box, Button, Flex, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../../domain/format';
import type { HistoryListen } from '../../../../domain/history';
import { notifySuccess } from '../../../lib/notify';
import { PlayIcon, TrashIcon } from '../../../ui/action-icons';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CoverImage } from '../../../ui/cover-image';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useDeleteListens, useHistoryPage } from '../api/history-api';
import { historyStrings } from '../strings';

const t = historyStrings.history;
const PAGE = 50;
/** Typing settles this long before the search goes out. */
const SEARCH_DELAY_MS = 300;

/** What the confirm dialog asks about: one play, every play, or nothing. */
type Removing = { listen: HistoryListen } | 'all' | null;

function HistoryRow({
  listen,
  onPlay,
  onRemove,
}: {
  listen: HistoryListen;
  onPlay: () => void;
  onRemove: () => void;
}) {
  return (
    <Flex as="li" align="center" gap="3" py="2" borderBottomWidth="1px" data-testid="history-entry">
      <IconButton aria-label={t.play(listen.title)} size="sm" variant="ghost" onClick={onPlay}>
        <PlayIcon />
      </IconButton>
      <CoverImage hash={listen.imageHash} size="40px" />
      <Stack gap="0" minW="0" flex="1">
        <Text fontWeight="semibold" truncate>
          {listen.title}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {[listen.artists.join(', '), listen.collectionName].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <Stack gap="0" align="end" flexShrink={0}>
        <Text fontSize="sm" color="fg.muted">
          <time dateTime={listen.playedAt}>{formatDateTime(listen.playedAt)}</time>
        </Text>
        <Badge size="sm" variant="subtle">
          {listen.client === 'web' ? t.web : listen.client}
        </Badge>
      </Stack>
      <IconButton aria-label={t.remove(listen.title)} size="sm" variant="ghost" onClick={onRemove}>
        <TrashIcon />
      </IconButton>
    </Flex>
  );
}

/**
 * /history: the caller's plays, newest first, searched and paged; each plays again, each can be
 * removed (after a confirmation), and the whole history cleared.
 */
export function HistoryPage({ onPlay }: { onPlay: (listen: HistoryListen) => void }) {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [removing, setRemoving] = useState<Removing>(null);
  const page = useHistoryPage({ offset, limit: PAGE, q });
  const remove = useDeleteListens();

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(draft);
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const confirmRemove = () => {
    if (removing === null) return;
    const all = removing === 'all';
    remove.mutate(all ? null : removing.listen.listenId, {
      onSuccess: () => {
        notifySuccess(all ? t.cleared : t.removed);
        if (all) setOffset(0);
        setRemoving(null);
      },
      onError: () => setRemoving(null),
    });
  };

  const total = page.data?.total ?? 0;
  const listens = page.data?.listens ?? [];
  return (
    <Box>
      <Flex justify="space-between" align="start" gap="4" wrap="wrap">
        <PageHeading title={t.title}>{t.intro}</PageHeading>
        <HStack gap="2">
          <Button asChild variant="outline">
            <Link to="/year">{t.yourYear}</Link>
          </Button>
          <Button
            variant="outline"
            colorPalette="red"
            disabled={total === 0 && q === ''}
            onClick={() => setRemoving('all')}
          >
            {t.removeAll}
          </Button>
        </HStack>
      </Flex>
      <Input
        type="search"
        aria-label={t.search}
        placeholder={t.search}
        maxLength={100}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        mb="4"
      />
      {page.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : page.isError ? (
        <LoadError error={page.error} />
      ) : listens.length === 0 ? (
        <Text color="fg.muted">{q === '' ? t.empty : t.noMatch}</Text>
      ) : (
        <>
          <Box as="ul" listStyleType="none" aria-label={t.title}>
            {listens.map((listen) => (
              <HistoryRow
                key={listen.listenId}
                listen={listen}
                onPlay={() => onPlay(listen)}
                onRemove={() => setRemoving({ listen })}
              />
            ))}
          </Box>
          <Flex justify="space-between" align="center" mt="4" gap="2">
            <Button
              variant="outline"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE))}
            >
              {t.previous}
            </Button>
            <Text fontSize="sm" color="fg.muted">
              {t.page(offset + 1, offset + listens.length, total)}
            </Text>
            <Button
              variant="outline"
              disabled={offset + PAGE >= total}
              onClick={() => setOffset(offset + PAGE)}
            >
              {t.next}
            </Button>
          </Flex>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing === 'all' ? t.removeAllTitle : t.removeTitle}
        body={
          removing === 'all' || removing === null
            ? t.removeAllBody
            : t.removeBody(removing.listen.title)
        }
        confirmLabel={t.confirm}
        cancelLabel={t.cancel}
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
