import type { FastifyInstance } from 'fastify';
import {
  PublicSettingsSchema,
  SettingsSchema,
  SettingsUpdateSchema,
} from '../../../domain/settings';
import { adminOnly } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { api } from '../../plugins/route-schemas';

const tags = ['settings'];

/** GET /api/settings/public, and the administrators' GET/POST /api/settings. */
export function settingsRoutes(app: FastifyInstance, { settings, providers }: AppDeps): void {
  const r = api(app);
  const admin = { preValidation: adminOnly };

  // A provider without keys on this server cannot take a payment, whatever the setting says.
  r.get(
    '/api/settings/public',
    { schema: { tags, response: { 200: PublicSettingsSchema } } },
    async () => {
      const publicSettings = await settings.getPublic();
      return {
        ...publicSettings,
        paymentProviders: providers.offered(publicSettings.paymentProviders),
      };
    },
  );

  r.get('/api/settings', { ...admin, schema: { tags, response: { 200: SettingsSchema } } }, () =>
    settings.get(),
  );

  r.post(
    '/api/settings',
    { ...admin, schema: { tags, body: SettingsUpdateSchema, response: { 200: SettingsSchema } } },
    (request) => settings.update(request.body),
  );
}
