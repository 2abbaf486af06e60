import { Button, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { formatBytes, formatDate, formatSpeed } from '../../../../domain/format';
import type { Download } from '../../../../domain/servers';
import { serverStrings } from '../../../lib/strings';

const t = serverStrings.detail;

function ProgressCell({ download }: { download: Download }) {
  const { bytesDone, bytesTotal, speed, peers, state } = download;
  if (state === 'queued') return null;
  const percent = bytesTotal ? Math.min(100, Math.round((bytesDone / bytesTotal) * 100)) : null;
  return (
    <Stack gap="1" minW="32">
      {state === 'downloading' ? (
        <Progress.Root size="xs" value={percent} aria-label={t.progress}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      <Text fontSize="xs">
        {formatBytes(bytesDone)}
        {bytesTotal ? ` / ${formatBytes(bytesTotal)}` : ''}
        {state === 'downloading' && speed > 0 ? ` · ${formatSpeed(speed)}` : ''}
        {peers !== null ? ` · ${t.peers(peers)}` : ''}
      </Text>
    </Stack>
  );
}

/** A server's downloads with their live state; errors show their reason under the state. */
export function DownloadsTable({
  downloads,
  deleting,
  onDelete,
}: {
  downloads: Download[];
  deleting: number | null;
  onDelete: (download: Download) => void;
}) {
  if (downloads.length === 0) return <Text color="fg.muted">{t.empty}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.name}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.source}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.state}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.progress}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.added}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {downloads.map((download) => {
            const label = download.name ?? download.url;
            return (
              <Table.Row key={download.downloadId} data-testid={`download-${download.downloadId}`}>
                <Table.Cell maxW="64" wordBreak="break-all">
                  {label}
                </Table.Cell>
                <Table.Cell>{download.source}</Table.Cell>
                <Table.Cell>
                  <Text fontWeight="semibold">{t.states[download.state]}</Text>
                  {download.state === 'error' && download.message ? (
                    <Text fontSize="xs" color="fg.error">
                      {download.message}
                    </Text>
                  ) : null}
                  {download.collectionId !== null ? (
                    <Link
                      to="/collection/$id"
                      params={{
                        id: String(download.collectionId),
                        collectionId: download.collectionId,
                      }}
                      style={{ textDecoration: 'underline', fontSize: '0.75rem' }}
                    >
                      {t.openCollection}
                    </Link>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  <ProgressCell download={download} />
                </Table.Cell>
                <Table.Cell>{formatDate(download.addedAt)}</Table.Cell>
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t.deleteLabel(label)}
                    loading={deleting === download.downloadId}
                    onClick={() => onDelete(download)}
                  >
                    {t.delete}
                  </Button>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
