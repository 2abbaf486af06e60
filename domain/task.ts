import { z } from 'zod';

export const TASK_NAMES = ['update_genres', 'reset_requests', 'reset_downloads'] as const;
export const TaskNameSchema = z.enum(TASK_NAMES, {
  error: 'name must be update_genres, reset_requests or reset_downloads',
});
export type TaskName = z.infer<typeof TaskNameSchema>;

/** One run of an admin task: POST /api/task/{name} answers it running, GET /api/task lists the latest. */
export const TaskRunSchema = z.object({
  taskId: z.number().int(),
  name: TaskNameSchema,
  state: z.enum(['running', 'finished', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  rowsChanged: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TaskRun = z.infer<typeof TaskRunSchema>;

/** GET /api/task: the latest run of each task that has run since the server started. */
export const TaskRunListSchema = z.array(TaskRunSchema);
