import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TaskNameSchema, TaskRunListSchema, TaskRunSchema } from '../../../domain/task';
import { adminOnly } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const TaskParams = z.object({ name: TaskNameSchema });
const tags = ['tasks'];

/** POST /api/task/{name} starts an admin task in the background; GET /api/task reports runs. */
export function tasksRoutes(app: FastifyInstance, { jobs, services }: AppDeps): void {
  const { tasks, taskSchedule } = services;
  taskSchedule.start(jobs);
  app.addHook('onClose', () => tasks.idle());
  const r = api(app);
  const admin = { preValidation: adminOnly };

  r.get('/api/task', { ...admin, schema: { tags, response: { 200: TaskRunListSchema } } }, () =>
    tasks.list(),
  );

  r.post(
    '/api/task/:name',
    { ...admin, schema: { tags, params: TaskParams, response: { 200: TaskRunSchema } } },
    (request) => tasks.start(request.params.name),
  );
}
