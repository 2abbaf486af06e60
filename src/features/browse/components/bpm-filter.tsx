import { HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { BPM_MAX, BPM_MIN, clampBpmRange } from '../../../../domain/browse-filters';
import { strings } from '../../../lib/strings';
import { TextField } from '../../../ui/text-field';
import { FormFooter } from '../../../ui/form-footer';

const t = strings.browsePage.filters;

/** BPM range 30..300 as two number fields (precise on touch screens, unlike a tiny slider). */
export function BpmFilter({
  from,
  to,
  onChange,
  onDone,
}: {
  from: number;
  to: number;
  onChange: (from: number, to: number) => void;
  onDone: () => void;
}) {
  const [draftFrom, setDraftFrom] = useState(String(from));
  const [draftTo, setDraftTo] = useState(String(to));

  const apply = (lo: number, hi: number) => {
    const range = clampBpmRange(lo, hi);
    onChange(range.from, range.to);
    onDone();
  };

  return (
    <Stack
      as="form"
      gap="3"
      onSubmit={(event) => {
        event.preventDefault();
        apply(Number(draftFrom), Number(draftTo));
      }}
    >
      <HStack gap="2">
        <TextField
          label={t.from}
          size="sm"
          type="number"
          min={BPM_MIN}
          max={BPM_MAX}
          value={draftFrom}
          onChange={(value) => setDraftFrom(value)}
        />
        <TextField
          label={t.to}
          size="sm"
          type="number"
          min={BPM_MIN}
          max={BPM_MAX}
          value={draftTo}
          onChange={(value) => setDraftTo(value)}
        />
      </HStack>
      <FormFooter
        size="sm"
        align="end"
        cancelLabel={t.reset}
        onCancel={() => apply(BPM_MIN, BPM_MAX)}
        submitLabel={t.apply}
      />
    </Stack>
  );
}
