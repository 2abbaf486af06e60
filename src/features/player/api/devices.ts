import { queryOptions } from '@tanstack/react-query';
import {
  DEVICE_ID_HEADER,
  DeviceCommandAnswerSchema,
  DevicesAnswerSchema,
  type DeviceCommand,
  type DeviceCommandAnswer,
  type DevicesAnswer,
} from '../../../../domain/devices';
import { OkSchema } from '../../../../domain/params';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';
import { deviceId } from '../devices/device-id';

const asThisDevice = async () => ({ [DEVICE_ID_HEADER]: await deviceId() });

/** GET /api/devices: the user's devices; `current` marks this one. */
export const devicesQuery = () =>
  queryOptions({
    queryKey: queryKeys.devices.all,
    queryFn: async ({ signal }) =>
      api<DevicesAnswer>('GET', '/api/devices', undefined, {
        schema: DevicesAnswerSchema,
        headers: await asThisDevice(),
        silent: true,
        signal,
      }),
    // The channel says when to read again ("devices"); a slow poll covers a dropped channel.
    refetchInterval: 15_000,
  });

/** POST /api/devices/{id}/command, as this device (for "play here"). */
export const commandDevice = async (target: string, command: DeviceCommand) =>
  api<DeviceCommandAnswer>('POST', `/api/devices/${encodeURIComponent(target)}/command`, command, {
    schema: DeviceCommandAnswerSchema,
    headers: await asThisDevice(),
  });

/** POST /api/devices/{id}: a new name. */
export const renameDevice = (target: string, name: string) =>
  api('POST', `/api/devices/${encodeURIComponent(target)}`, { name }, { schema: OkSchema });
