import { Button, Field, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import {
  datePresetRange,
  DEFAULT_DATE_FROM,
  isIsoDay,
  maskIsoDay,
  type DatePreset,
} from '../../../../domain/browse-filters';
import { strings } from '../../../lib/strings';
import { DateRangeCalendar } from './date-range-calendar';
import { RangeForm } from './range-form';

const t = strings.browsePage.filters;
const PRESETS: Array<[DatePreset, string]> = [
  ['last30', t.last30],
  ['last7', t.last7],
  ['today', t.today],
];

/** Release date range: a range calendar, two masked YYYY-MM-DD fields and the quick presets. */
export function DateFilter({
  from,
  to,
  onChange,
  onDone,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  onDone: () => void;
}) {
  const [draftFrom, setDraftFrom] = useState(from || DEFAULT_DATE_FROM);
  const [draftTo, setDraftTo] = useState(to);
  const fromInvalid = !isIsoDay(draftFrom);
  const toInvalid = draftTo !== '' && !isIsoDay(draftTo);

  const apply = (nextFrom: string, nextTo: string) => {
    onChange(nextFrom, nextTo);
    onDone();
  };

  const day = { inputMode: 'numeric', placeholder: t.dateHint } as const;
  return (
    <RangeForm
      from={{
        ...day,
        invalid: fromInvalid,
        value: draftFrom,
        onChange: (v) => setDraftFrom(maskIsoDay(v)),
      }}
      to={{
        ...day,
        invalid: toInvalid,
        value: draftTo,
        onChange: (v) => setDraftTo(maskIsoDay(v)),
      }}
      canApply={!fromInvalid && !toInvalid}
      onApply={() => apply(draftFrom, draftTo)}
      onReset={() => apply(DEFAULT_DATE_FROM, '')}
    >
      <DateRangeCalendar
        range={{ from: draftFrom, to: draftTo }}
        onChange={(range) => {
          setDraftFrom(range.from);
          setDraftTo(range.to);
        }}
      />
      {fromInvalid || toInvalid ? (
        <Field.Root invalid>
          <Field.ErrorText>{t.invalidDate}</Field.ErrorText>
        </Field.Root>
      ) : null}
      <HStack gap="1" wrap="wrap">
        {PRESETS.map(([preset, label]) => (
          <Button
            key={preset}
            size="xs"
            variant="subtle"
            onClick={() => {
              const range = datePresetRange(preset, new Date());
              apply(range.from, range.to);
            }}
          >
            {label}
          </Button>
        ))}
      </HStack>
    </RangeForm>
  );
}
