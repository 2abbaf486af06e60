import type { FastifyInstance } from 'fastify';
import { BackupRunSchema, BackupScheduleSchema, BackupStatusSchema } from '../../../domain/backups';
import { adminOnly } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['backups'];

/**
 * GET /api/admin/backups (schedule, running and last backup), POST to start one now, PUT
 * /api/admin/backups/schedule for the daily backup. Administrators only.
 */
export function backupsRoutes(app: FastifyInstance, { jobs, services }: AppDeps): void {
  const { backups, backupSchedule: scheduler } = services;
  let recovered = false;
  scheduler.start(jobs, () => recovered);
  app.addHook('onReady', async () => {
    await backups.recover();
    recovered = true;
  });
  app.addHook('onClose', () => backups.idle());
  const r = api(app);
  const admin = { preValidation: adminOnly };

  r.get(
    '/api/admin/backups',
    { ...admin, schema: { tags, response: { 200: BackupStatusSchema } } },
    () => backups.status(),
  );

  r.post(
    '/api/admin/backups',
    { ...admin, schema: { tags, response: { 202: BackupRunSchema } } },
    async (_request, reply) => reply.code(202).send(await backups.start('manual')),
  );

  r.put(
    '/api/admin/backups/schedule',
    {
      ...admin,
      schema: { tags, body: BackupScheduleSchema, response: { 200: BackupScheduleSchema } },
    },
    (request) => backups.saveSchedule(request.body),
  );
}
