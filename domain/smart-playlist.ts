import { z } from 'zod';
import { PlaylistEntrySchema } from './playlist';

/**
 * Smart playlists (issue 48): a stored rule set the server evaluates whenever it is asked, for
 * the viewer's visibility. The field table says what each field is and which operators fit it;
 * the one schema below refuses anything else with a message naming the rule.
 */

export const SMART_OPS = {
  is: 'is',
  isNot: 'is not',
  contains: 'contains',
  notContains: 'does not contain',
  startsWith: 'starts with',
  gt: 'greater than',
  lt: 'less than',
  between: 'between',
  inLast: 'in the last N days',
  notInLast: 'not in the last N days',
  isTrue: 'is true',
  isFalse: 'is false',
} as const;
export type SmartOp = keyof typeof SMART_OPS;

export type SmartFieldKind = 'text' | 'number' | 'date' | 'boolean';

const TEXT_OPS: readonly SmartOp[] = ['is', 'isNot', 'contains', 'notContains', 'startsWith'];
const NUMBER_OPS: readonly SmartOp[] = ['is', 'isNot', 'gt', 'lt', 'between'];
const DATE_OPS: readonly SmartOp[] = [...NUMBER_OPS, 'inLast', 'notInLast'];
const BOOLEAN_OPS: readonly SmartOp[] = ['isTrue', 'isFalse'];

interface FieldInfo {
  kind: SmartFieldKind;
  label: string;
  ops: readonly SmartOp[];
  /** Whole numbers only (year, play count, rating, library id). */
  integer?: boolean;
}

const text = (label: string): FieldInfo => ({ kind: 'text', label, ops: TEXT_OPS });
const num = (label: string, integer = false): FieldInfo => ({
  kind: 'number',
  label,
  ops: NUMBER_OPS,
  integer,
});
const date = (label: string): FieldInfo => ({ kind: 'date', label, ops: DATE_OPS });
const bool = (label: string): FieldInfo => ({ kind: 'boolean', label, ops: BOOLEAN_OPS });

/** Every field a rule may test. Play count, last played, liked, favourite album and rating are the playlist owner's. */
export const SMART_FIELDS = {
  title: text('title'),
  artist: text('artist'),
  albumArtist: text('album artist'),
  album: text('album'),
  genre: text('genre'),
  tag: text('tag'),
  label: text('label'),
  // A library is named by its id: is or is not.
  library: { kind: 'number', label: 'library', ops: ['is', 'isNot'], integer: true },
  year: num('year', true),
  releaseDate: date('release date'),
  dateAdded: date('date added'),
  duration: num('duration'),
  bpm: num('BPM'),
  format: text('format'),
  playCount: num('play count', true),
  lastPlayed: date('last played'),
  liked: bool('liked'),
  favouriteAlbum: bool('favourite album'),
  rating: num('rating', true),
} as const satisfies Record<string, FieldInfo>;
export type SmartField = keyof typeof SMART_FIELDS;
export const SMART_FIELD_IDS = Object.keys(SMART_FIELDS) as SmartField[];

export const fieldInfo = (field: SmartField): FieldInfo => SMART_FIELDS[field];

/** Fields a list can be sorted by (booleans sort nothing useful). */
export const SMART_SORT_FIELDS = [
  'title',
  'artist',
  'album',
  'year',
  'releaseDate',
  'dateAdded',
  'duration',
  'bpm',
  'format',
  'playCount',
  'lastPlayed',
  'rating',
] as const;
export type SmartSortField = (typeof SMART_SORT_FIELDS)[number];

export const SMART_MAX_RULES = 50;
export const SMART_MAX_TEXT = 200;
export const SMART_MAX_LIMIT = 5000;
/** What a playlist without a limit returns at most (the answer says when it was cut). */
export const SMART_DEFAULT_CAP = 1000;
export const SMART_MAX_DAYS = 36_500;

/** Values as the editor and the server see them once checked. */
export type SmartValue = string | number | [string, string] | [number, number] | undefined;
export interface SmartRule {
  field: SmartField;
  op: SmartOp;
  value?: SmartValue;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isField = (field: unknown): field is SmartField =>
  typeof field === 'string' && Object.hasOwn(SMART_FIELDS, field);
const isOp = (op: unknown): op is SmartOp => typeof op === 'string' && Object.hasOwn(SMART_OPS, op);

/** What one value must be, as a sentence ending of the error; null when it fits. */
function valueProblem(info: FieldInfo, op: SmartOp, value: unknown): string | null {
  if (op === 'isTrue' || op === 'isFalse') {
    return value === undefined || value === null ? null : 'takes no value';
  }
  if (op === 'inLast' || op === 'notInLast') {
    const ok =
      Number.isInteger(value) && (value as number) > 0 && (value as number) <= SMART_MAX_DAYS;
    return ok ? null : `needs a whole number of days from 1 to ${SMART_MAX_DAYS}`;
  }
  const one = (v: unknown): string | null => {
    if (info.kind === 'text') {
      if (typeof v !== 'string' || v.trim() === '') return 'needs a text value';
      return v.length > SMART_MAX_TEXT ? `takes at most ${SMART_MAX_TEXT} characters` : null;
    }
    if (info.kind === 'date') {
      const ok = typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v));
      return ok ? null : 'needs a date (YYYY-MM-DD)';
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) return 'needs a number';
    if (info.integer === true && !Number.isInteger(v)) return 'needs a whole number';
    return Math.abs(v) > 1e9 ? 'needs a smaller number' : null;
  };
  if (op === 'between') {
    if (!Array.isArray(value) || value.length !== 2) return 'needs two values';
    return one(value[0]) ?? one(value[1]);
  }
  return one(value);
}

/** The problem with one rule, as "Rule n: ...", or null. */
export function ruleProblem(rule: unknown, index: number): string | null {
  const name = `Rule ${index + 1}`;
  if (typeof rule !== 'object' || rule === null) return `${name}: must be { field, op, value }`;
  const { field, op, value } = rule as Record<string, unknown>;
  if (!isField(field)) return `${name}: unknown field '${String(field).slice(0, 40)}'`;
  const info: FieldInfo = SMART_FIELDS[field];
  if (!isOp(op)) return `${name}: unknown operator '${String(op).slice(0, 40)}'`;
  if (!info.ops.includes(op)) return `${name}: '${SMART_OPS[op]}' does not fit ${info.label}`;
  const problem = valueProblem(info, op, value);
  return problem === null ? null : `${name}: ${info.label} ${SMART_OPS[op]} ${problem}`;
}

const RuleShape = z.object({
  field: z.unknown(),
  op: z.unknown(),
  value: z.unknown().optional(),
});

/** PUT /api/smart_playlist and POST /api/smart_playlist/{id}: the whole definition. */
export const SmartPlaylistInputSchema = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, { error: 'name is required' })
      .max(100, { error: 'name takes at most 100 characters' }),
    match: z.enum(['all', 'any'], { error: "match is 'all' or 'any'" }),
    rules: z
      .array(RuleShape, { error: 'rules must be a list' })
      .max(SMART_MAX_RULES, { error: `At most ${SMART_MAX_RULES} rules` }),
    sort: z
      .object({
        field: z.enum(SMART_SORT_FIELDS, { error: 'sort.field is not a sortable field' }),
        order: z.enum(['asc', 'desc'], { error: "sort.order is 'asc' or 'desc'" }),
      })
      .optional(),
    limit: z
      .number({ error: 'limit must be a number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit is at least 1' })
      .max(SMART_MAX_LIMIT, { error: `limit is at most ${SMART_MAX_LIMIT}` })
      .optional(),
    public: z.boolean({ error: 'public must be true or false' }).optional(),
  })
  .superRefine((input, ctx) => {
    for (const [index, rule] of input.rules.entries()) {
      const message = ruleProblem(rule, index);
      // The first bad rule is the one the message names (the client shows it on that row).
      if (message !== null) {
        ctx.addIssue({ code: 'custom', message, path: [] });
        return;
      }
    }
  });
export type SmartPlaylistInput = z.input<typeof SmartPlaylistInputSchema>;
export type SmartPlaylistParsed = z.output<typeof SmartPlaylistInputSchema>;

/** The rules of a parsed definition, typed: the schema has checked every one. */
export const rulesOf = (definition: Pick<SmartPlaylistParsed, 'rules'>): SmartRule[] =>
  definition.rules as SmartRule[];

/** Which rule (0-based) a refusal names, for the editor to show the message on that row. */
export function ruleIndexOf(message: string): number | null {
  const match = /^Rule (\d+):/.exec(message);
  return match === null ? null : Number(match[1]) - 1;
}

/** What is stored in smart_playlists.definition. */
export interface SmartDefinition {
  match: 'all' | 'any';
  rules: SmartRule[];
  sort?: { field: SmartSortField; order: 'asc' | 'desc' };
  limit?: number;
}

const WireRuleSchema = z.object({
  field: z.enum(SMART_FIELD_IDS as [SmartField, ...SmartField[]]),
  op: z.enum(Object.keys(SMART_OPS) as [SmartOp, ...SmartOp[]]),
  value: z
    .union([
      z.string(),
      z.number(),
      z.tuple([z.string(), z.string()]),
      z.tuple([z.number(), z.number()]),
    ])
    .optional(),
});

/** One smart playlist as lists show it. */
export const SmartPlaylistSchema = z.object({
  smartPlaylistId: z.number().int(),
  name: z.string(),
  match: z.enum(['all', 'any']),
  rules: z.array(WireRuleSchema),
  sort: z.object({ field: z.enum(SMART_SORT_FIELDS), order: z.enum(['asc', 'desc']) }).nullable(),
  limit: z.number().int().nullable(),
  public: z.boolean(),
  userId: z.number().int(),
  userName: z.string(),
  /** Whether the caller may edit and delete it (its owner or an administrator). */
  mayChange: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SmartPlaylist = z.infer<typeof SmartPlaylistSchema>;

/** GET /api/smart_playlist/{id}: the definition and its tracks, as a playlist's entries. */
export const SmartPlaylistWithEntriesSchema = SmartPlaylistSchema.extend({
  entries: z.array(PlaylistEntrySchema),
  /** At most this many entries are listed: the limit, else SMART_DEFAULT_CAP. */
  cap: z.number().int(),
  /** True when more tracks matched than the cap (the list was cut). */
  truncated: z.boolean(),
});
export type SmartPlaylistWithEntries = z.infer<typeof SmartPlaylistWithEntriesSchema>;

/** PUT answers the new id; POST answers the same id. */
export const SmartPlaylistIdSchema = z.object({ smartPlaylistId: z.number().int() });
