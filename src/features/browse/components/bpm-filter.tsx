import { Button, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { BPM_MAX, BPM_MIN, clampBpmRange } from '../../../../domain/browse-filters';
import { strings } from '../../../lib/strings';
import { TextField } from '../../../ui/text-field';

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
      <HStack justify="flex-end" gap="2">
        <Button size="sm" variant="ghost" onClick={() => apply(BPM_MIN, BPM_MAX)}>
          {t.reset}
        </Button>
        <Button size="sm" type="submit">
          {t.apply}
        </Button>
      </HStack>
    </Stack>
  );
}
