import { Forbidden } from '../errors';
import type { Caller } from './caller';

/**
 * Podcasts (issue 49) need the role right `podcasts` (administrators always have it). Each
 * subscription is its subscriber's; administrators see and remove every subscription.
 */
export function requirePodcasts(caller: Caller): void {
  if (!mayUsePodcasts(caller)) throw new Forbidden('Your role does not include podcasts');
}

/** Whether the caller sees and removes every user's subscriptions. */
export const managesAllSubscriptions = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;

/** Stations are added, changed and removed by administrators; every signed-in user plays them. */
export const managesStations = (caller: Pick<Caller, 'isAdmin'>): boolean => caller.isAdmin;

/** Whether the caller's role (or being an administrator) includes podcasts. */
export const mayUsePodcasts = (caller: Caller): boolean =>
  caller.isAdmin || caller.role.rolePodcasts;
