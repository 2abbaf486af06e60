import { Button, Checkbox, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  fieldInfo,
  ruleIndexOf,
  SMART_MAX_RULES,
  SMART_SORT_FIELDS,
  type SmartPlaylist,
  type SmartSortField,
} from '../../../../domain/smart-playlist';
import { DialogForm } from '../../../ui/dialog-form';
import { DialogShell } from '../../../ui/dialog-shell';
import { TextField } from '../../../ui/text-field';
import { useSaveSmartPlaylist } from '../api/smart-playlists';
import {
  draftOf,
  emptyDraft,
  inputOf,
  newRule,
  type RuleDraft,
  type SmartDraft,
} from '../smart-form';
import { smartStrings as t } from '../smart-strings';
import { SmartRuleRow } from './smart-rule-row';

/**
 * The smart playlist editor (a dialog): name, match all/any, rule rows, sort, limit, public.
 * The server checks the rules; its refusal is shown on the rule it names.
 */
export function SmartPlaylistEditor({
  open,
  playlist,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: a new one. */
  playlist: SmartPlaylist | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  return (
    <DialogShell open={open} onClose={onClose} size="lg" scrollBehavior="inside">
      <EditorForm playlist={playlist} onClose={onClose} onSaved={onSaved} />
    </DialogShell>
  );
}

function EditorForm({
  playlist,
  onClose,
  onSaved,
}: {
  playlist: SmartPlaylist | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const [draft, setDraft] = useState<SmartDraft>(() =>
    playlist === null ? emptyDraft() : draftOf(playlist),
  );
  const save = useSaveSmartPlaylist(playlist?.smartPlaylistId ?? null);
  const set = <K extends keyof SmartDraft>(key: K, value: SmartDraft[K]) => {
    save.reset();
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const setRule = (index: number, rule: RuleDraft) =>
    set(
      'rules',
      draft.rules.map((r, i) => (i === index ? rule : r)),
    );
  const message = save.error?.message ?? null;
  const badRule = message === null ? null : ruleIndexOf(message);

  return (
    <DialogForm
      title={playlist === null ? t.newSmart : t.editSmart}
      cancelLabel={t.cancel}
      submitLabel={playlist === null ? t.create : t.save}
      canSubmit={draft.name.trim().length > 0}
      submitting={save.isPending}
      onSubmit={() =>
        save.mutate(inputOf(draft), {
          onSuccess: ({ smartPlaylistId }) => {
            onSaved?.(smartPlaylistId);
            onClose();
          },
        })
      }
      onCancel={onClose}
    >
      <Stack gap="4">
        <TextField
          label={t.name}
          required
          value={draft.name}
          maxLength={100}
          onChange={(value) => set('name', value)}
        />
        <Field.Root>
          <Field.Label>{t.match}</Field.Label>
          <NativeSelect.Root size="sm" maxW="60">
            <NativeSelect.Field
              value={draft.match}
              onChange={(event) =>
                set('match', event.currentTarget.value === 'any' ? 'any' : 'all')
              }
            >
              <option value="all">{t.matchAll}</option>
              <option value="any">{t.matchAny}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Stack gap="3" role="group" aria-label={t.rules}>
          <Text fontWeight="semibold">{t.rules}</Text>
          {draft.rules.map((rule, index) => (
            <SmartRuleRow
              key={rule.key}
              rule={rule}
              index={index}
              error={badRule === index ? message : null}
              canRemove
              onChange={(next) => setRule(index, next)}
              onRemove={() =>
                set(
                  'rules',
                  draft.rules.filter((_, i) => i !== index),
                )
              }
            />
          ))}
          <Button
            alignSelf="start"
            size="sm"
            variant="outline"
            disabled={draft.rules.length >= SMART_MAX_RULES}
            onClick={() => set('rules', [...draft.rules, newRule()])}
          >
            {t.addRule}
          </Button>
        </Stack>
        <Flex gap="3" wrap="wrap">
          <Field.Root maxW="52">
            <Field.Label>{t.sortBy}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={draft.sortField}
                onChange={(event) =>
                  set('sortField', event.currentTarget.value as SmartSortField | '')
                }
              >
                <option value="">{t.noSort}</option>
                {SMART_SORT_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {fieldInfo(field).label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root maxW="40" disabled={draft.sortField === ''}>
            <Field.Label>{t.order}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={draft.sortOrder}
                onChange={(event) =>
                  set('sortOrder', event.currentTarget.value === 'desc' ? 'desc' : 'asc')
                }
              >
                <option value="asc">{t.ascending}</option>
                <option value="desc">{t.descending}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <TextField
            label={t.limit}
            type="number"
            min={1}
            max={5000}
            maxW="40"
            helperText={t.limitHint}
            value={draft.limit}
            onChange={(value) => set('limit', value)}
          />
        </Flex>
        <Checkbox.Root
          checked={draft.public}
          onCheckedChange={(e) => set('public', e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t.public}</Checkbox.Label>
        </Checkbox.Root>
        {message !== null && badRule === null ? (
          <Text role="alert" color={{ base: 'red.700', _dark: 'red.300' }}>
            {message}
          </Text>
        ) : null}
      </Stack>
    </DialogForm>
  );
}
