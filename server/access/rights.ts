import {
  canDownloadCollection,
  canPlayFull,
  canTranscode,
  isStreamingOnly,
} from '../../domain/access';
import type { DownloadFormat } from '../../domain/audio-format';
import {
  quoteCollection,
  type CollectionQuote,
  type CollectionQuoteInput,
} from '../../domain/store-price';
import type { PublicSettings } from '../../domain/settings';
import { BadRequest, Forbidden } from '../errors';
import type { Caller } from './caller';

/** The caller's unlock of one collection (a purchase, or a grant by an administrator). */
export interface Unlock {
  unlocked: boolean;
  transcode: boolean;
}

type Priced = { collectionPrice: number | null };

/** Full playback rather than the preview (spec part 1, sections 4 and 5). */
export const playsInFull = (caller: Caller, collection: Priced, unlocked: boolean): boolean =>
  canPlayFull(collection, unlocked, caller.role);

export function assertPlayFull(caller: Caller, collection: Priced, unlock: Unlock): void {
  if (!playsInFull(caller, collection, unlock.unlocked)) {
    throw new Forbidden('This track can only be previewed');
  }
}

/** Download rules, in the order the spec lists them. */
export function assertDownload(
  caller: Caller,
  collection: Priced,
  unlock: Unlock,
  format: DownloadFormat,
  settings: Pick<PublicSettings, 'streamingOnly'>,
): void {
  if (isStreamingOnly(caller.role, settings)) {
    throw new Forbidden('Downloads are disabled: this service is streaming-only');
  }
  if (!canDownloadCollection(collection, unlock.unlocked, caller.role)) {
    throw new Forbidden('Buy this collection to download it');
  }
  if (format !== 'original' && !canTranscode(caller.role, unlock.transcode)) {
    throw new Forbidden('Buy the transcode option to download this collection in other formats');
  }
}

/** The role's download limit applies unless the role or the user's counter is unlimited. */
export const downloadsLimited = (caller: Caller): boolean =>
  caller.role.roleDownloadLimit !== null && caller.user.remaining_downloads !== null;

export const NO_DOWNLOADS_LEFT =
  "You have no remaining downloads left! You can only download tracks which you've downloaded before.";

/**
 * A limited caller's download goes ahead only when the remaining downloads covered the tracks
 * new to their history (`taken`: the repository takes them in SQL, so two downloads at once
 * cannot both spend the last one); tracks downloaded before are free again.
 */
export function requireDownloadsLeft(taken: boolean): void {
  if (!taken) throw new Forbidden(NO_DOWNLOADS_LEFT);
}

/** Bytes per second for downloads and streams; null is unthrottled. */
export const speedLimit = (caller: Caller): number | null => caller.role.roleSpeedLimit;

/** The store is open to a role with roleEnableStore while the setting enableStore is on. */
export function requireStore(caller: Caller, settings: Pick<PublicSettings, 'enableStore'>): void {
  if (!caller.isAdmin && (!settings.enableStore || !caller.role.roleEnableStore)) {
    throw new Forbidden('The store is not available to your account');
  }
}

/** What this caller pays for a collection and its transcodes (domain/store-price), by role. */
export const quoteFor = (
  caller: Caller,
  ask: Omit<CollectionQuoteInput, 'roleDownloadPaid' | 'roleTranscode'>,
): CollectionQuote =>
  quoteCollection({
    ...ask,
    roleDownloadPaid: caller.role.roleDownloadPaid,
    roleTranscode: caller.role.roleTranscode,
  });

/**
 * A hidden offer (a product made by buy_collection) was priced for one buyer's situation: it
 * is bought only at what this caller's own quote (`quoted`) says, never as a discount for
 * someone else. A listed product is sold at its price to whoever may use the store.
 */
export function assertMayTakeOffer(offer: { hidden: number; price: number }, quoted: number): void {
  if (offer.hidden === 1 && quoted !== offer.price) {
    throw new BadRequest('This offer no longer matches; ask for the collection price again');
  }
}
