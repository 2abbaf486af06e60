import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TaskNameSchema, TaskRunListSchema, TaskRunSchema } from '../../../domain/task';
import { adminOnly } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { ResetScheduler } from '../../jobs/reset-schedules';
import { api } from '../../plugins/route-schemas';
import { TasksService } from './tasks.service';

const TaskParams = z.object({ name: TaskNameSchema });
const tags = ['tasks'];

/** POST /api/task/{name} starts an admin task in the background; GET /api/task reports runs. */
export function tasksRoutes(
  app: FastifyInstance,
  { db, settings, jobs, repositories }: AppDeps,
): void {
  const tasks = new TasksService(db, settings, repositories);
  const scheduler = new ResetScheduler(
    db,
    settings,
    (name) => Promise.resolve(tasks.start(name)),
    repositories,
  );
  scheduler.start(jobs);
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
