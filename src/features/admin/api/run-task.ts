import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TaskRunSchema, type TaskName, type TaskRun } from '../../../../domain/task';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** POST /api/task/{name}: starts the task; the task list then polls until it finishes. */
export function useRunTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: TaskName) =>
      api<TaskRun>('POST', `/api/task/${name}`, undefined, { schema: TaskRunSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.tasks() }),
  });
}
