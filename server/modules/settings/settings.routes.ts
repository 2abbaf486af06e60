import type { FastifyInstance } from 'fastify';
import { adminOnly } from '../../access/request-caller';
import { SettingsUpdateSchema } from '../../../domain/settings';
import type { AppDeps } from '../../app-deps';

export function settingsRoutes(app: FastifyInstance, { settings, providers }: AppDeps): void {
  // A provider without keys on this server cannot take a payment, whatever the setting says.
  app.get('/api/settings/public', async () => {
    const publicSettings = await settings.getPublic();
    return {
      ...publicSettings,
      paymentProviders: providers.offered(publicSettings.paymentProviders),
    };
  });

  app.get('/api/settings', { preValidation: adminOnly }, () => settings.get());

  app.post('/api/settings', { preValidation: adminOnly }, (request) =>
    settings.update(SettingsUpdateSchema.parse(request.body)),
  );
}
