import { z } from 'zod';
import { positiveId } from './params';
import { PlaylistEntrySchema } from './playlist';

/**
 * Play on every device (issue 50): each signed-in web app is a device of its user, known by an
 * id it makes once and keeps (localStorage), sent as the `x-device-id` header on API calls and
 * as a query parameter when it opens the live channel (`/api/devices/channel`).
 */
export const DEVICE_ID_HEADER = 'x-device-id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const DeviceIdSchema = z
  .string({ error: 'deviceId must be text' })
  .regex(DEVICE_ID_PATTERN, { error: 'deviceId must be 16 to 64 letters, digits, - or _' });

export const DeviceNameSchema = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, { error: 'Give the device a name' })
  .max(60, { error: 'A device name is at most 60 characters' });

/** The most queue entries a device reports: a "play here" moves at most this many. */
export const DEVICE_QUEUE_MAX = 1000;

/** What a device plays now; null when it plays nothing. */
export const DevicePlayingSchema = z.object({
  fileId: positiveId('fileId'),
  positionMs: z.number().int().nonnegative().max(86_400_000),
  paused: z.boolean(),
  /** 0 to 1. */
  volume: z.number().min(0).max(1),
});
export type DevicePlaying = z.infer<typeof DevicePlayingSchema>;

/** A device's queue, as "play here" moves it: file ids in order and the current index. */
export const DeviceQueueSchema = z
  .object({
    fileIds: z.array(positiveId('fileIds[]')).max(DEVICE_QUEUE_MAX, {
      error: `A queue reported by a device holds at most ${DEVICE_QUEUE_MAX} tracks`,
    }),
    index: z.number().int().nonnegative(),
  })
  .refine((q) => q.fileIds.length === 0 || q.index < q.fileIds.length, {
    error: 'index must point into fileIds',
  });
export type DeviceQueue = z.infer<typeof DeviceQueueSchema>;

/** A device's report over the channel: what it plays and its queue (sent on every change). */
export const DeviceReportSchema = z.object({
  type: z.literal('state'),
  playing: DevicePlayingSchema.nullable(),
  queue: DeviceQueueSchema.nullable(),
});
export type DeviceReport = z.infer<typeof DeviceReportSchema>;

export const DeviceSchema = z.object({
  deviceId: z.string(),
  name: z.string(),
  /** The device whose session asked. */
  current: z.boolean(),
  /** Its live channel is open (on any app server). */
  online: z.boolean(),
  playing: DevicePlayingSchema.nullable(),
  /** The playing track as the caller may see it (null when none, or hidden since). */
  track: z
    .object({
      title: z.string(),
      artists: z.array(z.string()),
      collectionName: z.string(),
      /** Seconds. */
      duration: z.number(),
    })
    .nullable(),
  lastSeenAt: z.string(),
});
export type Device = z.infer<typeof DeviceSchema>;

/** GET /api/devices. */
export const DevicesAnswerSchema = z.object({ devices: z.array(DeviceSchema) });
export type DevicesAnswer = z.infer<typeof DevicesAnswerSchema>;

export const DEVICE_COMMANDS = [
  'play',
  'pause',
  'next',
  'previous',
  'seek',
  'volume',
  'transfer',
] as const;
export type DeviceCommandName = (typeof DEVICE_COMMANDS)[number];

/** POST /api/devices/{deviceId}/command. */
export const DeviceCommandSchema = z
  .object({
    command: z.enum(DEVICE_COMMANDS, {
      error: `command must be one of ${DEVICE_COMMANDS.join(', ')}`,
    }),
    positionMs: z.number().int().nonnegative().max(86_400_000).optional(),
    volume: z.number().min(0).max(1).optional(),
  })
  .refine((c) => c.command !== 'seek' || c.positionMs !== undefined, {
    error: 'seek needs positionMs',
  })
  .refine((c) => c.command !== 'volume' || c.volume !== undefined, {
    error: 'volume needs volume (0 to 1)',
  });
export type DeviceCommand = z.infer<typeof DeviceCommandSchema>;

/**
 * The answer to a command. For `transfer` ("play here"): the queue the named device held, as
 * player entries the caller may see now, the entry it was on and where in it (its reported
 * position moved on by the time since, while it played), for the asking device to start from;
 * the named device has been told to stop.
 */
export const DeviceCommandAnswerSchema = z.object({
  ok: z.literal(true),
  /** The named device's channel is open: it hears the command now. */
  delivered: z.boolean(),
  transfer: z
    .object({
      entries: z.array(PlaylistEntrySchema),
      index: z.number().int().nonnegative(),
      positionMs: z.number().int().nonnegative(),
      paused: z.boolean(),
      volume: z.number().min(0).max(1).nullable(),
    })
    .optional(),
});
export type DeviceCommandAnswer = z.infer<typeof DeviceCommandAnswerSchema>;

/** POST /api/devices/{deviceId}. */
export const DeviceRenameSchema = z.object({ name: DeviceNameSchema });

export const DeviceParamsSchema = z.object({ deviceId: DeviceIdSchema });

/** GET /api/devices/channel?deviceId=&name= (the name a new device starts with). */
export const DeviceChannelQuerySchema = z.object({
  deviceId: DeviceIdSchema,
  name: DeviceNameSchema.optional(),
});

/** What the server sends over the channel. */
export type DeviceChannelMessage =
  | {
      type: 'command';
      command: Exclude<DeviceCommandName, 'transfer'>;
      positionMs?: number;
      volume?: number;
    }
  | { type: 'stop'; reason: 'transferred' }
  /** Another of the user's devices changed (came, went, renamed, reported): refetch the list. */
  | { type: 'devices' };
