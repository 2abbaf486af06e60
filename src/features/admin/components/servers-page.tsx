import { Stack } from '@chakra-ui/react';
import { serverStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useServers } from '../api/servers';
import { CreateServerForm } from './create-server-form';
import { ServerTable } from './server-table';

const t = serverStrings.list;

/** /admin/servers: the servers with their state and log buttons, and the create form. */
export function ServersPage() {
  const servers = useServers();
  return (
    <Stack gap="8">
      <PageHeading title={t.title}>{t.intro}</PageHeading>
      {servers.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : servers.isError ? (
        <LoadError error={servers.error} />
      ) : (
        <ServerTable servers={servers.data} />
      )}
      <CreateServerForm />
    </Stack>
  );
}
