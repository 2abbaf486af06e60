import {
  fieldInfo,
  type SmartField,
  type SmartOp,
  type SmartPlaylist,
  type SmartPlaylistInput,
  type SmartSortField,
} from '../../../domain/smart-playlist';

/** One rule row as the editor holds it: values are the inputs' text until sent. */
export interface RuleDraft {
  key: number;
  field: SmartField;
  op: SmartOp;
  first: string;
  second: string;
}

export interface SmartDraft {
  name: string;
  match: 'all' | 'any';
  rules: RuleDraft[];
  sortField: SmartSortField | '';
  sortOrder: 'asc' | 'desc';
  limit: string;
  public: boolean;
}

let nextKey = 1;
export const newRule = (field: SmartField = 'genre'): RuleDraft => ({
  key: nextKey++,
  field,
  op: fieldInfo(field).ops[0]!,
  first: '',
  second: '',
});

export const emptyDraft = (): SmartDraft => ({
  name: '',
  match: 'all',
  rules: [newRule()],
  sortField: '',
  sortOrder: 'asc',
  limit: '',
  public: false,
});

/** The editor's state for an existing smart playlist. */
export function draftOf(playlist: SmartPlaylist): SmartDraft {
  return {
    name: playlist.name,
    match: playlist.match,
    rules: playlist.rules.map((rule) => {
      const [first, second] = Array.isArray(rule.value) ? rule.value : [rule.value, ''];
      return {
        key: nextKey++,
        field: rule.field,
        op: rule.op,
        first: first === undefined ? '' : String(first),
        second: String(second ?? ''),
      };
    }),
    sortField: playlist.sort?.field ?? '',
    sortOrder: playlist.sort?.order ?? 'asc',
    limit: playlist.limit === null ? '' : String(playlist.limit),
    public: playlist.public,
  };
}

/** What kind of input a rule's value takes: none, days, or the field's own kind. */
export function valueKind(
  rule: Pick<RuleDraft, 'field' | 'op'>,
): 'none' | 'days' | 'text' | 'number' | 'date' {
  if (rule.op === 'isTrue' || rule.op === 'isFalse') return 'none';
  if (rule.op === 'inLast' || rule.op === 'notInLast') return 'days';
  const kind = fieldInfo(rule.field).kind;
  return kind === 'boolean' ? 'none' : kind;
}

/** Text as a number when it reads as one; otherwise the text, for the server to name. */
const numberOr = (text: string): number | string =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/** The request body; the server checks it and names the rule that is wrong. */
export function inputOf(draft: SmartDraft): SmartPlaylistInput {
  const rules = draft.rules.map((rule) => {
    const kind = valueKind(rule);
    if (kind === 'none') return { field: rule.field, op: rule.op };
    const read = (text: string) => (kind === 'number' || kind === 'days' ? numberOr(text) : text);
    const value = rule.op === 'between' ? [read(rule.first), read(rule.second)] : read(rule.first);
    return { field: rule.field, op: rule.op, value };
  });
  const limit = draft.limit.trim();
  return {
    name: draft.name.trim(),
    match: draft.match,
    rules,
    ...(draft.sortField === '' ? {} : { sort: { field: draft.sortField, order: draft.sortOrder } }),
    ...(limit === '' ? {} : { limit: Number(limit) }),
    public: draft.public,
  };
}
