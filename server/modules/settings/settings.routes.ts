import type { FastifyInstance } from 'fastify';
import { SettingsUpdateSchema } from '../../../domain/settings';
import type { AppDeps } from '../../app-deps';

export function settingsRoutes(app: FastifyInstance, { sessions, settings }: AppDeps): void {
  app.get('/api/settings/public', () => settings.getPublic());

  app.get('/api/settings', { preHandler: sessions.adminGuard }, () => settings.get());

  app.post('/api/settings', { preHandler: sessions.adminGuard }, (request) =>
    settings.update(SettingsUpdateSchema.parse(request.body)),
  );
}
