import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaskRunListSchema, type TaskRun } from '../../../../domain/task';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** GET /api/task: the latest run of each task; polled while one runs. */
export const tasksQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.tasks(),
    queryFn: ({ signal }) =>
      api<TaskRun[]>('GET', '/api/task', undefined, {
        schema: TaskRunListSchema,
        signal,
        silent: true,
      }),
    refetchInterval: (query) =>
      query.state.data?.some((run) => run.state === 'running') ? 1000 : false,
  });

export function useTasks() {
  return useQuery(tasksQuery());
}
