import { RadioGroup, Stack } from '@chakra-ui/react';
import type { Library } from '../../../../domain/libraries';
import { strings } from '../../../lib/strings';

const t = strings.browsePage.filters;

/**
 * One library or all of them: a radio group, since a collection is in one library only and
 * "all" is the usual answer. Choosing closes the pop-up: there is nothing else to set.
 */
export function LibraryFilter({
  libraries,
  selected,
  onChange,
}: {
  libraries: readonly Library[];
  selected: number | null;
  onChange: (libraryId: number | null) => void;
}) {
  const options = [
    { value: 'all', label: t.allLibraries },
    ...libraries.map((library) => ({ value: String(library.libraryId), label: library.name })),
  ];
  return (
    <RadioGroup.Root
      aria-label={t.library}
      value={selected === null ? 'all' : String(selected)}
      onValueChange={(e) => onChange(e.value === 'all' || !e.value ? null : Number(e.value))}
    >
      <Stack gap="2" maxH="64" overflowY="auto">
        {options.map((option) => (
          <RadioGroup.Item key={option.value} value={option.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}
