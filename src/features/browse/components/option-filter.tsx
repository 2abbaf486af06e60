import { Button, Checkbox, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { filterOptions, toggleValue } from '../../../../domain/browse-filters';
import { strings } from '../../../lib/strings';

const t = strings.browsePage.filters;
/** Enough to pick from; the filter box narrows long artist lists. */
const MAX_SHOWN = 200;

/** A multi-select list with a case-insensitive filter box (genres, artists, labels, tags). */
export function OptionFilter({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: readonly string[];
  selected: string[];
  onChange: (selected: string[]) => void;
}) {
  const [needle, setNeedle] = useState('');
  // Selected values stay listed even when the latest answer no longer offers them.
  const shown = filterOptions([...options, ...selected], needle);
  return (
    <Stack gap="2">
      <Input
        size="sm"
        aria-label={`${t.filterBox} ${label}`}
        placeholder={t.filterBox}
        value={needle}
        onChange={(event) => setNeedle(event.target.value)}
      />
      <Stack gap="1" maxH="64" overflowY="auto" role="group" aria-label={label}>
        {/* "Nothing matches" answers what was typed; with nothing typed there is nothing to offer. */}
        {shown.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {needle.trim() ? t.noOptions : t.noOptionsYet}
          </Text>
        ) : null}
        {shown.slice(0, MAX_SHOWN).map((option) => (
          <Checkbox.Root
            key={option}
            size="sm"
            checked={selected.includes(option)}
            onCheckedChange={() => onChange(toggleValue(selected, option))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{option}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      <HStack justify="flex-end">
        <Button size="xs" variant="ghost" onClick={() => onChange([])} disabled={!selected.length}>
          {t.reset}
        </Button>
      </HStack>
    </Stack>
  );
}
