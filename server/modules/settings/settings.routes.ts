import type { FastifyInstance } from 'fastify';
import { SettingsUpdateSchema } from '../../../domain/settings';
import type { AppDeps } from '../../app-deps';

export function settingsRoutes(
  app: FastifyInstance,
  { sessions, settings, providers }: AppDeps,
): void {
  // A provider without keys on this server cannot take a payment, whatever the setting says.
  app.get('/api/settings/public', async () => {
    const publicSettings = await settings.getPublic();
    return {
      ...publicSettings,
      paymentProviders: providers.offered(publicSettings.paymentProviders),
    };
  });

  app.get('/api/settings', { preHandler: sessions.adminGuard }, () => settings.get());

  app.post('/api/settings', { preHandler: sessions.adminGuard }, (request) =>
    settings.update(SettingsUpdateSchema.parse(request.body)),
  );
}
