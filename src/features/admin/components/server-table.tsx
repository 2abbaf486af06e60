import { Badge, Button, Table, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { serverLogPath, type Server } from '../../../../domain/servers';
import { serverStrings } from '../../../lib/strings';

const t = serverStrings.list;

/** The log of the current day, opened by h-sup's GET /api/file in a new tab. */
const logHref = (serverId: number): string =>
  `/api/file?path=${encodeURIComponent(serverLogPath(serverId, new Date()))}`;

/** Each server with its state; a row opens /admin/servers/{id} by click or Enter. */
export function ServerTable({ servers }: { servers: Server[] }) {
  const navigate = useNavigate();
  const open = (server: Server) =>
    void navigate({ to: '/admin/servers/$id', params: { id: String(server.serverId) } });
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.name}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.address}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.state}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.active}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.log}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {servers.map((server) => (
            <Table.Row
              key={server.serverId}
              tabIndex={0}
              cursor="pointer"
              aria-label={t.open(server.serverName)}
              onClick={() => open(server)}
              onKeyDown={(event) => {
                if (event.target !== event.currentTarget) return;
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  open(server);
                }
              }}
            >
              <Table.Cell fontWeight="semibold">{server.serverName}</Table.Cell>
              <Table.Cell wordBreak="break-all">{server.serverAddress}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={server.online ? 'green' : 'red'}>
                  {server.online ? t.online : t.offline}
                </Badge>
                {server.lastError ? (
                  <Text fontSize="xs" color="fg.error" mt="1">
                    {server.lastError}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>{server.activeDownloads ?? '—'}</Table.Cell>
              <Table.Cell>
                <Button asChild size="xs" variant="outline" onClick={(e) => e.stopPropagation()}>
                  <a
                    href={logHref(server.serverId)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t.openLog(server.serverName)}
                    onKeyDown={(e) => e.stopPropagation()}
                  >
                    {t.log}
                  </a>
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
