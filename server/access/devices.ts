import { NotFound } from '../errors';
import type { Caller } from './caller';

export const DEVICE_NOT_FOUND = 'Device not found';

/**
 * A device is seen and commanded by its own user only: not even an administrator may watch or
 * steer someone's player. Another user's device answers 404 like an unknown one.
 */
export function requireOwnDevice<T extends { userId: number }>(
  caller: Pick<Caller, 'userId'>,
  device: T | undefined,
): T {
  if (device === undefined || device.userId !== caller.userId) throw new NotFound(DEVICE_NOT_FOUND);
  return device;
}

/**
 * The live channel's Origin must be this server's own (a page elsewhere could otherwise open
 * it with the user's cookie); a request without one is not a browser's and is refused too.
 */
export function sameOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  return origin !== undefined && allowed.includes(origin.replace(/\/+$/, '').toLowerCase());
}

/**
 * What a device plays is named (title, artists, album) only for a caller who may read the
 * library; a role without browsing still sees its devices and their positions, untitled.
 */
export const mayNameDeviceTracks = (caller: Pick<Caller, 'canBrowse'>): boolean => caller.canBrowse;
