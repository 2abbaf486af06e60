import { Field, Flex, IconButton, Input, NativeSelect, Stack } from '@chakra-ui/react';
import {
  fieldInfo,
  SMART_FIELD_IDS,
  SMART_OPS,
  type SmartField,
  type SmartOp,
} from '../../../../domain/smart-playlist';
import { smartStrings as t } from '../smart-strings';
import { valueKind, type RuleDraft } from '../smart-form';

/**
 * One rule: field, then the operators that fit it, then a value input of the field's kind
 * (two for "between", a number of days, none for "is true/false"). Every control is labelled.
 */
export function SmartRuleRow({
  rule,
  index,
  error,
  canRemove,
  onChange,
  onRemove,
}: {
  rule: RuleDraft;
  index: number;
  error: string | null;
  canRemove: boolean;
  onChange: (rule: RuleDraft) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const ops = fieldInfo(rule.field).ops;
  const kind = valueKind(rule);
  const setField = (field: SmartField) => {
    const fieldOps = fieldInfo(field).ops;
    const op = fieldOps.includes(rule.op) ? rule.op : fieldOps[0]!;
    onChange({ ...rule, field, op, first: '', second: '' });
  };
  const inputType =
    kind === 'date' ? 'date' : kind === 'number' || kind === 'days' ? 'number' : 'text';
  const valueInput = (which: 'first' | 'second', label: string) => (
    <Input
      aria-label={label}
      type={inputType}
      value={rule[which]}
      maxLength={200}
      min={kind === 'days' ? 1 : undefined}
      step={kind === 'number' ? 'any' : undefined}
      onChange={(event) => onChange({ ...rule, [which]: event.currentTarget.value })}
    />
  );
  return (
    <Field.Root invalid={error !== null} data-testid="smart-rule">
      <Stack gap="1" w="full">
        <Flex gap="2" wrap="wrap" align="center">
          <NativeSelect.Root size="sm" maxW="44">
            <NativeSelect.Field
              aria-label={t.field(n)}
              value={rule.field}
              onChange={(event) => setField(event.currentTarget.value as SmartField)}
            >
              {SMART_FIELD_IDS.map((field) => (
                <option key={field} value={field}>
                  {fieldInfo(field).label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root size="sm" maxW="52">
            <NativeSelect.Field
              aria-label={t.operator(n)}
              value={rule.op}
              onChange={(event) => onChange({ ...rule, op: event.currentTarget.value as SmartOp })}
            >
              {ops.map((op) => (
                <option key={op} value={op}>
                  {SMART_OPS[op]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {kind === 'none' ? null : (
            <Flex gap="2" flex="1" minW="40">
              {valueInput('first', kind === 'days' ? t.days(n) : t.value(n))}
              {rule.op === 'between' ? valueInput('second', t.valueTo(n)) : null}
            </Flex>
          )}
          <IconButton
            aria-label={t.removeRule(n)}
            size="sm"
            variant="ghost"
            disabled={!canRemove}
            onClick={onRemove}
          >
            ×
          </IconButton>
        </Flex>
        {error === null ? null : (
          <Field.ErrorText color={{ base: 'red.700', _dark: 'red.300' }}>{error}</Field.ErrorText>
        )}
      </Stack>
    </Field.Root>
  );
}
