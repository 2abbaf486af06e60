import { useState } from 'react';
import { BPM_MAX, BPM_MIN, clampBpmRange } from '../../../../domain/browse-filters';
import { RangeForm } from './range-form';

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

  const bounds = { type: 'number', min: BPM_MIN, max: BPM_MAX } as const;
  return (
    <RangeForm
      from={{ ...bounds, value: draftFrom, onChange: setDraftFrom }}
      to={{ ...bounds, value: draftTo, onChange: setDraftTo }}
      onApply={() => apply(Number(draftFrom), Number(draftTo))}
      onReset={() => apply(BPM_MIN, BPM_MAX)}
    />
  );
}
