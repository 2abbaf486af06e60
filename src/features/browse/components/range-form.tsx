import { HStack, Stack, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { strings } from '../../../lib/strings';
import { FormFooter } from '../../../ui/form-footer';
import { TextField, type Controlled } from '../../../ui/text-field';

const t = strings.browsePage.filters;

type RangeField = Omit<Controlled<InputProps>, 'label' | 'size'>;

/**
 * A filter popover's from/to form: the two fields side by side, whatever the filter adds below
 * them, then Reset and Apply. Enter in a field applies, as the Apply button does.
 */
export function RangeForm({
  from,
  to,
  canApply = true,
  onApply,
  onReset,
  children,
}: {
  from: RangeField;
  to: RangeField;
  canApply?: boolean;
  onApply: () => void;
  onReset: () => void;
  children?: ReactNode;
}) {
  return (
    <Stack
      as="form"
      gap="3"
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) onApply();
      }}
    >
      <HStack gap="2" align="start">
        <TextField label={t.from} size="sm" {...from} />
        <TextField label={t.to} size="sm" {...to} />
      </HStack>
      {children}
      <FormFooter
        size="sm"
        align="end"
        cancelLabel={t.reset}
        onCancel={onReset}
        submitLabel={t.apply}
        canSubmit={canApply}
      />
    </Stack>
  );
}
