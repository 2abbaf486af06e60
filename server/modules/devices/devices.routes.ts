import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEVICE_ID_HEADER,
  DEVICE_ID_PATTERN,
  DeviceChannelQuerySchema,
  DeviceCommandAnswerSchema,
  DeviceCommandSchema,
  DeviceParamsSchema,
  DeviceRenameSchema,
  DevicesAnswerSchema,
} from '../../../domain/devices';
import { OkSchema } from '../../../domain/params';
import { sameOrigin } from '../../access/devices';
import { signedIn } from '../../access/request-caller';
import type { AppDeps } from '../../app-deps';
import { BadRequest, Forbidden, Unauthorized } from '../../errors';
import { api } from '../../plugins/route-schemas';
import type { HeldMessage } from './devices.service';

const tags = ['devices'];
/** Messages kept while the channel's caller loads: more than a burst is not a player. */
const HELD_MAX = 20;

/** The asking app's device id, when it sent one that can be one. */
function deviceOf(request: FastifyRequest): string | null {
  const value = request.headers[DEVICE_ID_HEADER];
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value) ? value : null;
}

/** A name for a device that did not give one: its browser and system, from the user agent. */
function defaultName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chromium\//.test(ua)
        ? 'Chromium'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'another system';
  return `${browser} on ${system}`;
}

/**
 * Devices (issue 50): the list, a command to one, its new name, and the live channel each web
 * app keeps open (a WebSocket, decision 0064) to be seen online and to receive commands.
 */
export function devicesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const devices = deps.services.devices;
  const r = api(app);
  const publicOrigin = new URL(deps.config.publicUrl).origin.toLowerCase();

  r.get(
    '/api/devices',
    { preValidation: signedIn, schema: { tags, response: { 200: DevicesAnswerSchema } } },
    async (request) => ({
      devices: await devices.list(await request.caller(), deviceOf(request)),
    }),
  );

  r.post(
    '/api/devices/:deviceId/command',
    {
      preValidation: signedIn,
      schema: {
        tags,
        params: DeviceParamsSchema,
        body: DeviceCommandSchema,
        response: { 200: DeviceCommandAnswerSchema },
      },
    },
    async (request) =>
      devices.command(
        await request.caller(),
        request.params.deviceId,
        request.body,
        deviceOf(request),
      ),
  );

  r.post(
    '/api/devices/:deviceId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        params: DeviceParamsSchema,
        body: DeviceRenameSchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await devices.rename(await request.caller(), request.params.deviceId, request.body.name);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/devices/channel',
    {
      websocket: true,
      schema: { hide: true },
      // Everything is checked before the upgrade, so a refusal is a plain HTTP answer.
      preValidation: async (request) => {
        const own = `${request.protocol}://${request.host}`.toLowerCase();
        if (!sameOrigin(request.headers.origin, [publicOrigin, own]))
          throw new Forbidden('The live channel opens from this site only');
        if ((await deps.sessions.get(request)) === null) throw new Unauthorized();
        if (!DeviceChannelQuerySchema.safeParse(request.query).success)
          throw new BadRequest('deviceId must be 16 to 64 letters, digits, - or _');
      },
    },
    async (socket, request) => {
      const held: HeldMessage[] = [];
      socket.on('message', (data, isBinary) => {
        if (held.length < HELD_MAX) held.push({ data, isBinary });
        else socket.close(1008, 'too many messages');
      });
      const auth = await deps.sessions.get(request);
      const query = DeviceChannelQuerySchema.parse(request.query);
      if (auth === null) return socket.close(4401, 'signed out');
      const name = query.name ?? defaultName(request.headers['user-agent']);
      const caller = await request.caller();
      await devices.open(caller, auth.tokenHash, query.deviceId, name, socket, held);
    },
  );
}
