import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { BackupSchedule } from '../../../../domain/backups';
import { LoadError } from '../../../ui/load-error';
import { useSaveBackupSchedule } from '../api/backups';
import { backupsStrings as t } from '../backups-strings';
import { SwitchInput } from './settings-inputs';

/** The daily backup: on or off, time (UTC), how many to keep, and the folder. */
export function BackupScheduleForm({
  schedule,
  defaultFolder,
}: {
  schedule: BackupSchedule;
  defaultFolder: string;
}) {
  const save = useSaveBackupSchedule();
  const [enabled, setEnabled] = useState(schedule.enabled);
  const [timeOfDay, setTimeOfDay] = useState(schedule.timeOfDay);
  const [retention, setRetention] = useState(String(schedule.retention));
  const [folder, setFolder] = useState(schedule.folder ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      enabled,
      timeOfDay,
      retention: Number(retention),
      folder: folder.trim() === '' ? null : folder.trim(),
    });
  };

  return (
    <Stack as="form" gap="4" maxW="md" onSubmit={submit} aria-labelledby="backup-schedule">
      <Heading as="h3" size="md" id="backup-schedule">
        {t.scheduleTitle}
      </Heading>
      <SwitchInput label={t.enabled} checked={enabled} onChange={setEnabled} />
      <Field.Root required>
        <Field.Label>{t.timeOfDay}</Field.Label>
        <Input
          type="time"
          name="timeOfDay"
          value={timeOfDay}
          onChange={(e) => setTimeOfDay(e.currentTarget.value)}
        />
      </Field.Root>
      <Field.Root required>
        <Field.Label>{t.retention}</Field.Label>
        <Input
          type="number"
          name="retention"
          min={1}
          max={365}
          value={retention}
          onChange={(e) => setRetention(e.currentTarget.value)}
        />
        <Field.HelperText>{t.retentionHelp}</Field.HelperText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t.folder}</Field.Label>
        <Input
          name="folder"
          value={folder}
          placeholder={defaultFolder}
          maxLength={1000}
          onChange={(e) => setFolder(e.currentTarget.value)}
        />
        <Field.HelperText wordBreak="break-all">{t.folderHelp(defaultFolder)}</Field.HelperText>
      </Field.Root>
      <Button type="submit" alignSelf="flex-start" loading={save.isPending}>
        {t.save}
      </Button>
      {save.isSuccess ? <Text role="status">{t.saved}</Text> : null}
      {save.isError ? <LoadError error={save.error} /> : null}
    </Stack>
  );
}
