import { Button, Progress, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { formatBytes, formatDate, formatSpeed } from '../../../../domain/format';
import type { Download } from '../../../../domain/servers';
import { serverStrings } from '../../../lib/strings';
import { DataTable, type DataColumn } from '../../../ui/data-table';

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

const COLUMNS: DataColumn<Download>[] = [
  {
    id: 'name',
    header: t.name,
    cell: (download) => download.name ?? download.url,
    cellProps: { maxW: '64', wordBreak: 'break-all' },
  },
  { id: 'source', header: t.source, cell: (download) => download.source },
  {
    id: 'state',
    header: t.state,
    cell: (download) => (
      <>
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
      </>
    ),
  },
  {
    id: 'progress',
    header: t.progress,
    cell: (download) => <ProgressCell download={download} />,
  },
  { id: 'added', header: t.added, cell: (download) => formatDate(download.addedAt) },
];

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
  return (
    <DataTable
      columns={COLUMNS}
      rows={downloads}
      rowKey={(download) => download.downloadId}
      empty={t.empty}
      rowProps={(download) => ({ 'data-testid': `download-${download.downloadId}` })}
      rowActions={(download) => (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={t.deleteLabel(download.name ?? download.url)}
          loading={deleting === download.downloadId}
          onClick={() => onDelete(download)}
        >
          {t.delete}
        </Button>
      )}
    />
  );
}
