import { Alert, Heading, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { serverStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useDeleteDownload, useDownloads } from '../api/downloads';
import { useAdminSettings } from '../api/get-settings';
import type { Server } from '../../../../domain/servers';
import { useServers } from '../api/servers';
import { AddDownloadForm } from './add-download-form';
import { DownloadsTable } from './downloads-table';
import { FeedsSection } from './feeds-section';

const t = serverStrings.detail;

const BackLink = () => (
  <Link to="/admin/servers" style={{ textDecoration: 'underline' }}>
    {t.back}
  </Link>
);

/**
 * /admin/servers/{id}. The server is looked up first: an id that names no server says so and
 * shows no forms (they would only fail, and poll a missing server).
 */
export function ServerPage({ serverId }: { serverId: number }) {
  const servers = useServers();
  if (servers.isPending) return <CenteredSpinner label={t.loading} />;
  if (servers.isError) return <LoadError error={servers.error} />;
  const server = servers.data.find((s) => s.serverId === serverId);
  if (server === undefined) {
    return (
      <Stack gap="6">
        <BackLink />
        <PageHeading title={t.title(String(serverId))} />
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t.missing(serverId)}</Alert.Title>
        </Alert.Root>
      </Stack>
    );
  }
  return <ServerDetail server={server} />;
}

/** The downloads (polled live), the add-download form and the RSS feeds of one server. */
function ServerDetail({ server }: { server: Server }) {
  const { serverId } = server;
  const downloads = useDownloads(serverId);
  const settings = useAdminSettings();
  const remove = useDeleteDownload(serverId);
  const [deleting, setDeleting] = useState<number | null>(null);

  return (
    <Stack gap="8">
      <BackLink />
      <PageHeading title={t.title(server.serverName)}>{server.serverAddress}</PageHeading>
      <Stack as="section" aria-labelledby="downloads" gap="4">
        <Heading as="h2" size="lg" id="downloads">
          {t.downloads}
        </Heading>
        {downloads.isPending ? (
          <CenteredSpinner label={t.loading} />
        ) : downloads.isError ? (
          <LoadError error={downloads.error} />
        ) : (
          <DownloadsTable
            downloads={downloads.data}
            deleting={deleting}
            onDelete={(download) => {
              setDeleting(download.downloadId);
              remove.mutate(download.downloadId, {
                onSuccess: () => notifySuccess(t.deleted),
                onSettled: () => setDeleting(null),
              });
            }}
          />
        )}
      </Stack>
      {settings.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : settings.isError ? (
        <LoadError error={settings.error} />
      ) : (
        <AddDownloadForm
          serverId={serverId}
          defaults={settings.data.downloaderDefaults}
          defaultPost={settings.data.defaultPost}
        />
      )}
      <FeedsSection serverId={serverId} />
    </Stack>
  );
}
