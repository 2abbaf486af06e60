import { Badge, Button, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { serverLogPath, type Server } from '../../../../domain/servers';
import { serverStrings } from '../../../lib/strings';
import { DataTable, type DataColumn } from '../../../ui/data-table';

const t = serverStrings.list;

/** The log of the current day, opened by h-sup's GET /api/file in a new tab. */
const logHref = (serverId: number): string =>
  `/api/file?path=${encodeURIComponent(serverLogPath(serverId, new Date()))}`;

const COLUMNS: DataColumn<Server>[] = [
  {
    id: 'name',
    header: t.name,
    cell: (server) => server.serverName,
    cellProps: { fontWeight: 'semibold' },
  },
  {
    id: 'address',
    header: t.address,
    cell: (server) => server.serverAddress,
    cellProps: { wordBreak: 'break-all' },
  },
  {
    id: 'state',
    header: t.state,
    cell: (server) => (
      <>
        <Badge colorPalette={server.online ? 'green' : 'red'}>
          {server.online ? t.online : t.offline}
        </Badge>
        {server.lastError ? (
          <Text fontSize="xs" color="fg.error" mt="1">
            {server.lastError}
          </Text>
        ) : null}
      </>
    ),
  },
  { id: 'active', header: t.active, cell: (server) => server.activeDownloads ?? '—' },
  {
    id: 'log',
    header: t.log,
    cell: (server) => (
      <Button asChild size="xs" variant="outline">
        <a
          href={logHref(server.serverId)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t.openLog(server.serverName)}
        >
          {t.log}
        </a>
      </Button>
    ),
  },
];

/** Each server with its state; a row opens /admin/servers/{id} by click or Enter. */
export function ServerTable({ servers }: { servers: Server[] }) {
  const navigate = useNavigate();
  return (
    <DataTable
      columns={COLUMNS}
      rows={servers}
      rowKey={(server) => server.serverId}
      rowLabel={(server) => t.open(server.serverName)}
      onRowOpen={(server) =>
        void navigate({ to: '/admin/servers/$id', params: { id: String(server.serverId) } })
      }
    />
  );
}
