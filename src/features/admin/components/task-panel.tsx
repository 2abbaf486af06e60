import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { TASK_NAMES, type TaskRun } from '../../../../domain/task';
import { formatDateTime } from '../../../../domain/format';
import { adminStrings } from '../../../lib/strings';
import { LoadError } from '../../../ui/load-error';
import { useTasks } from '../api/get-tasks';
import { useRunTask } from '../api/run-task';
import { SettingsGroup } from './settings-inputs';

const t = adminStrings.tasks;

function describe(run: TaskRun | undefined): string {
  if (run === undefined) return t.never;
  switch (run.state) {
    case 'running':
      return t.running;
    case 'finished':
      return t.finished(run.rowsChanged, formatDateTime(run.finishedAt ?? run.startedAt));
    case 'failed':
      return t.failed(run.error);
  }
}

/** The maintenance tasks, each with the result of its latest run; polled while one runs. */
export function TaskPanel() {
  const tasks = useTasks();
  const run = useRunTask();
  return (
    <SettingsGroup id="settings-tasks" title={adminStrings.settings.groups.tasks}>
      {tasks.isError ? <LoadError error={tasks.error} /> : null}
      <Stack gap="3">
        {TASK_NAMES.map((name) => {
          const latest = tasks.data?.find((candidate) => candidate.name === name);
          return (
            <HStack key={name} gap="4" wrap="wrap">
              <Button
                variant="outline"
                minW="40"
                loading={latest?.state === 'running' || (run.isPending && run.variables === name)}
                onClick={() => run.mutate(name)}
              >
                {t[name]}
              </Button>
              <Text role="status" aria-label={t[name]} color="fg.muted">
                {describe(latest)}
              </Text>
            </HStack>
          );
        })}
      </Stack>
    </SettingsGroup>
  );
}
