import { z } from 'zod';
import { canDownloadCollection, canTranscode } from './access';
import type { DownloadFormat } from './audio-format';

/** GET /api/collection/{id}/unlocked */
export const UnlockedSchema = z.object({ unlocked: z.boolean(), transcode: z.boolean() });
export type Unlocked = z.infer<typeof UnlockedSchema>;

/** GET and POST /downloader/tags/{fileId} */
export const FileTagsSchema = z.object({
  textTags: z.record(z.string(), z.array(z.string())),
  cover: z.object({ data: z.string(), mime: z.string() }).nullable(),
});
export type FileTags = z.infer<typeof FileTagsSchema>;

/**
 * The admin form's price (spec part 1, section 5): entered in EUR, sent as cents rounded;
 * empty means free (null). Anything that is not a non-negative number is refused.
 */
export function priceInputToCents(
  input: string,
): { ok: true; cents: number | null } | { ok: false } {
  const text = input.trim().replace(',', '.');
  if (text === '') return { ok: true, cents: null };
  if (!/^\d*\.?\d*$/.test(text) || text === '.') return { ok: false };
  return { ok: true, cents: Math.round(Number(text) * 100) };
}

/** The form shows a stored price in EUR again: 250 -> "2.5", null -> "". */
export function centsToPriceInput(cents: number | null): string {
  return cents === null ? '' : String(cents / 100);
}

/** The release date shown and linked: the audio date, else the day the collection was added. */
export function releaseDateOf(collection: {
  audioReleaseDate: string | null;
  collectionAdded: string;
}): string {
  return collection.audioReleaseDate ?? collection.collectionAdded.slice(0, 10);
}

/** Download addresses; "original" needs no parameter. */
export function fileDownloadUrl(fileId: number, format: DownloadFormat): string {
  return format === 'original'
    ? `/downloader/file/${fileId}`
    : `/downloader/file/${fileId}?format=${format}`;
}

export function collectionDownloadUrl(collectionId: number, format: DownloadFormat): string {
  return format === 'original'
    ? `/downloader/collection/${collectionId}`
    : `/downloader/collection/${collectionId}?format=${format}`;
}

type DownloadRole = Parameters<typeof canDownloadCollection>[2];

/**
 * What a download click does (spec part 1, section 4 "Buying a collection"): a locked paid
 * collection, or a transcode the user has no right to, goes through a purchase first.
 */
export function downloadDecision(
  collection: { collectionPrice: number | null },
  unlocked: Unlocked,
  role: DownloadRole,
  format: DownloadFormat,
): { kind: 'download' } | { kind: 'buy'; transcode: boolean } {
  const transcodeNeeded = format !== 'original' && !canTranscode(role, unlocked.transcode);
  if (!canDownloadCollection(collection, unlocked.unlocked, role))
    return { kind: 'buy', transcode: transcodeNeeded };
  if (transcodeNeeded) return { kind: 'buy', transcode: true };
  return { kind: 'download' };
}

/** Adds a value to a tag field unless it is empty or already there (case-sensitive). */
export function addTagValue(
  tags: Record<string, string[]>,
  field: string,
  value: string,
): Record<string, string[]> {
  const clean = value.trim();
  const current = tags[field] ?? [];
  if (!clean || current.includes(clean)) return tags;
  return { ...tags, [field]: [...current, clean] };
}

/** Adds an empty field unless one of that name exists (tag field names ignore case). */
export function addTagField(
  tags: Record<string, string[]>,
  name: string,
): Record<string, string[]> {
  const clean = name.trim();
  const taken = Object.keys(tags).some((key) => key.toLowerCase() === clean.toLowerCase());
  if (!clean || taken) return tags;
  return { ...tags, [clean]: [] };
}

export function removeTagValue(
  tags: Record<string, string[]>,
  field: string,
  index: number,
): Record<string, string[]> {
  const current = tags[field] ?? [];
  return { ...tags, [field]: current.filter((_, i) => i !== index) };
}

/** What the payment chooser needs to buy access to a collection (or its transcodes). */
export interface PurchaseRequest {
  collectionId: number;
  collectionName: string;
  /** Cents the user is expected to pay; the server's answer is what is charged. */
  price: number;
  transcode: boolean;
  /**
   * Cents of `price` that are the collection itself: 0 when it is free or already unlocked, so
   * the chooser calls the rest a conversion fee and never says a free collection costs money.
   */
  collectionPart?: number;
  /** The download that asked for this purchase, so the chooser can offer its original free. */
  download?: { format: DownloadFormat; fileId?: number; fileName?: string };
}

/** The price of a purchase: the collection unless already unlocked, plus transcode access. */
export function purchasePrice(
  collection: { collectionPrice: number | null },
  unlocked: boolean,
  transcode: boolean,
  transcodePrice: number,
): number {
  const base = unlocked ? 0 : (collection.collectionPrice ?? 0);
  return base + (transcode ? transcodePrice : 0);
}

/** The largest cover POST /downloader/tags/{fileId} accepts, decoded. */
export const MAX_COVER_BYTES = 10 * 1024 * 1024;
const TAG_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_ ]{0,63}$/;

/** POST /downloader/tags/{fileId}: `cover` undefined keeps the file's picture, null removes it. */
export const FileTagsInputSchema = z.object({
  textTags: z
    .record(
      z.string().regex(TAG_FIELD_NAME, {
        error: 'field names are letters, digits, spaces and _ (64 at most)',
      }),
      z.array(z.string().max(4096)).max(32),
    )
    .refine((tags) => Object.keys(tags).length <= 64, { error: 'at most 64 fields' }),
  cover: z
    .object({
      data: z.string().max(Math.ceil(MAX_COVER_BYTES / 3) * 4 + 4),
      mime: z.string().max(100),
    })
    .nullable()
    .optional(),
});
export type FileTagsInput = z.infer<typeof FileTagsInputSchema>;
