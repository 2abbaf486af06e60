import { Stack } from '@chakra-ui/react';
import { adminStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useAdminSettings } from '../api/get-settings';
import { BackupPanel } from './backup-panel';
import { DownloaderDefaultsForm } from './downloader-defaults-form';
import { LibrariesPanel } from './libraries-panel';
import { PaymentsStatusPanel } from './payments-status-panel';
import { SettingsForm } from './settings-form';
import { SchedulePanel } from './schedule-panel';
import { TaskPanel } from './task-panel';

const t = adminStrings.settings;

/** /admin/settings: every setting on one screen, grouped, plus the maintenance tasks. */
export function SettingsPage() {
  const settings = useAdminSettings();
  if (settings.isPending) return <CenteredSpinner label={t.loading} />;
  if (settings.isError) return <LoadError error={settings.error} />;
  return (
    <Stack gap="6">
      <PageHeading title={t.title} />
      <SettingsForm settings={settings.data} />
      <PaymentsStatusPanel />
      <DownloaderDefaultsForm defaults={settings.data.downloaderDefaults} />
      <TaskPanel />
      <LibrariesPanel />
      <SchedulePanel settings={settings.data} />
      <BackupPanel />
    </Stack>
  );
}
