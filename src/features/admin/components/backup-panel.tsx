import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { BackupStatus } from '../../../../domain/backups';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { useBackupStatus, useStartBackup } from '../api/backups';
import { backupsStrings as t } from '../backups-strings';
import { BackupScheduleForm } from './backup-schedule-form';
import { SettingsGroup } from './settings-inputs';

function LastBackup({ last }: { last: BackupStatus['last'] }) {
  if (last === null) return <Text color="fg.muted">{t.never}</Text>;
  if (last.state === 'failed')
    return <Text color="fg.error">{t.lastFailed(last.finishedAt, last.error)}</Text>;
  return (
    <Stack gap="1">
      <Text>{t.lastOk(last.finishedAt, last.sizeBytes, last.fileCount)}</Text>
      {last.folder === null ? null : (
        <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
          {t.where(last.folder)}
        </Text>
      )}
    </Stack>
  );
}

/** Back up now with its progress, the last backup, and the daily schedule. */
export function BackupPanel() {
  const status = useBackupStatus();
  const start = useStartBackup();
  const current = status.data?.current ?? null;
  const percent = current === null ? 0 : Math.round(current.progress * 100);
  return (
    <SettingsGroup id="settings-backups" title={t.title}>
      <Text color="fg.muted" fontSize="sm">
        {t.intro}
      </Text>
      {status.isPending ? <CenteredSpinner label={t.loading} /> : null}
      {status.isError ? <LoadError error={status.error} /> : null}
      {status.data ? (
        <Stack gap="4">
          <HStack gap="4" wrap="wrap">
            <Button
              variant="outline"
              minW="40"
              loading={start.isPending || current !== null}
              loadingText={current === null ? t.starting : t.running(percent)}
              onClick={() => start.mutate()}
            >
              {t.backUpNow}
            </Button>
            <Stack gap="1" flex="1" minW="48" role="status" aria-live="polite">
              {current === null ? (
                <LastBackup last={status.data.last} />
              ) : (
                <>
                  <Text>{t.running(percent)}</Text>
                  <Progress.Root value={percent} size="sm" aria-label={t.progress}>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                </>
              )}
            </Stack>
          </HStack>
          {start.isError ? <LoadError error={start.error} /> : null}
          <BackupScheduleForm
            schedule={status.data.schedule}
            defaultFolder={status.data.defaultFolder}
          />
        </Stack>
      ) : null}
    </SettingsGroup>
  );
}
