import { Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { SCHEDULES, type Schedule, type Settings } from '../../../../domain/settings';
import { adminStrings } from '../../../lib/strings';
import { LoadError } from '../../../ui/load-error';
import { useSaveSettings } from '../api/save-settings';
import { SettingsGroup } from './settings-inputs';

const t = adminStrings.schedules;
const FIELDS = ['resetRequestsSchedule', 'resetDownloadsSchedule'] as const;

/** How often reset_requests and reset_downloads run by themselves; each change saves at once. */
export function SchedulePanel({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  return (
    <SettingsGroup id="settings-schedules" title={t.title}>
      <Stack gap="4" maxW="sm">
        {FIELDS.map((field) => (
          <Field.Root key={field} disabled={save.isPending}>
            <Field.Label>{t[field]}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name={field}
                value={
                  save.isPending && save.variables[field] ? save.variables[field] : settings[field]
                }
                onChange={(e) => save.mutate({ [field]: e.target.value as Schedule })}
              >
                {SCHEDULES.map((schedule) => (
                  <option key={schedule} value={schedule}>
                    {t.options[schedule]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ))}
        <Text color="fg.muted" fontSize="sm">
          {t.help}
        </Text>
        {save.isSuccess ? <Text role="status">{t.saved}</Text> : null}
        {save.isError ? <LoadError error={save.error} /> : null}
      </Stack>
    </SettingsGroup>
  );
}
