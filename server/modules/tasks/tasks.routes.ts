import type { FastifyInstance } from 'fastify';
import { adminOnly } from '../../access/request-caller';
import { z } from 'zod';
import { TaskNameSchema } from '../../../domain/task';
import type { AppDeps } from '../../app-deps';
import { ResetScheduler } from '../../jobs/reset-schedules';
import { TasksService } from './tasks.service';

const TaskParams = z.object({ name: TaskNameSchema });

/** POST /api/task/{name} starts an admin task in the background; GET /api/task reports runs. */
export function tasksRoutes(app: FastifyInstance, { db, settings }: AppDeps): void {
  const tasks = new TasksService(db, settings);
  const scheduler = new ResetScheduler(db, settings, (name) => Promise.resolve(tasks.start(name)));
  scheduler.start(app.log);
  app.addHook('onClose', () => {
    scheduler.stop();
    return tasks.idle();
  });

  app.get('/api/task', { preValidation: adminOnly }, () => tasks.list());

  app.post('/api/task/:name', { preValidation: adminOnly }, (request) => {
    const { name } = TaskParams.parse(request.params);
    return tasks.start(name);
  });
}
