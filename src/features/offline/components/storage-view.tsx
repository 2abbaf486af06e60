import { Box, Button, HStack, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatBytes } from '../../../../domain/format';
import type { PlaybackRole } from '../../../../domain/playback';
import type { Track } from '../../../../domain/track';
import { imagePath } from '../../../lib/cover-url';
import { PageHeading } from '../../../ui/page-heading';
import { useOfflineActions, useSavedItems } from '../hooks/use-offline-items';
import { useOnline } from '../../../lib/use-online';
import { offlineStrings as t } from '../strings';

interface StorageState {
  usage: number;
  quota: number;
  persisted: boolean;
}

async function readStorage(): Promise<StorageState | null> {
  if (!navigator.storage?.estimate) return null;
  const [estimate, persisted] = await Promise.all([
    navigator.storage.estimate(),
    navigator.storage.persisted?.() ?? Promise.resolve(false),
  ]);
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted };
}

/**
 * What is saved for offline and how much space it takes; asks for persistent storage and
 * removes items. Saving starts here from the current queue's collections (the collection and
 * playlist screens can offer their own button through useOfflineActions).
 */
export function StorageView({
  role,
  queueCollectionIds,
  onPlay,
}: {
  role: PlaybackRole | null;
  queueCollectionIds: number[];
  onPlay: (tracks: Track[]) => void;
}) {
  const online = useOnline();
  const { data: items = [] } = useSavedItems();
  const { save, remove, progress } = useOfflineActions(role);
  const [storage, setStorage] = useState<StorageState | null>(null);
  const refreshStorage = () => void readStorage().then(setStorage);
  useEffect(refreshStorage, [items]);

  const saveQueue = async () => {
    for (const id of queueCollectionIds)
      await save.mutateAsync({ kind: 'collection', id }).catch(() => undefined);
  };

  return (
    <Stack gap="5">
      <PageHeading title={t.title} />
      {storage ? (
        <Box data-testid="storage-estimate">
          <Text>{t.usage(formatBytes(storage.usage), formatBytes(storage.quota))}</Text>
          <Text textStyle="sm" color="fg.muted">
            {storage.persisted ? t.persisted : t.notPersisted}
          </Text>
          {storage.persisted ? null : (
            <Button
              mt="2"
              size="sm"
              variant="outline"
              onClick={() => void navigator.storage.persist().then(refreshStorage)}
            >
              {t.persist}
            </Button>
          )}
        </Box>
      ) : null}
      <Box>
        <Button
          disabled={!online || queueCollectionIds.length === 0 || save.isPending}
          loading={save.isPending}
          onClick={() => void saveQueue()}
        >
          {t.saveQueue}
        </Button>
        {!online ? (
          <Text textStyle="sm" color="fg.muted" mt="1">
            {t.needsNetwork}
          </Text>
        ) : null}
        {progress ? (
          <Box mt="3" maxW="md" data-testid="save-progress">
            <Text textStyle="sm">
              {t.saving(progress.done, progress.total, formatBytes(progress.bytes))}
            </Text>
            <Progress.Root
              value={progress.total === 0 ? 100 : (progress.done / progress.total) * 100}
              size="sm"
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Box>
        ) : null}
      </Box>
      {items.length === 0 ? <Text color="fg.muted">{t.nothingSaved}</Text> : null}
      <Stack as="ul" gap="2" listStyleType="none" data-testid="saved-items">
        {items.map((item) => (
          <HStack as="li" key={item.key} gap="3" p="2" borderWidth="1px" borderRadius="md">
            <Image
              src={item.imageHash ? imagePath(item.imageHash) : '/icons/icon-192.png'}
              alt=""
              boxSize="48px"
              borderRadius="sm"
            />
            <Box flex="1" minW="0">
              <Text truncate fontWeight="semibold">
                {item.title}
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {item.kind === 'episode' ? t.episode : t.tracks(item.tracks.length)} ·{' '}
                {formatBytes(item.bytes)}
              </Text>
            </Box>
            <Button size="sm" aria-label={t.play(item.title)} onClick={() => onPlay(item.tracks)}>
              Play
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={t.remove(item.title)}
              onClick={() => remove.mutate(item.key)}
            >
              Remove
            </Button>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
