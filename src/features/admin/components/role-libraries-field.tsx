import { Checkbox, Fieldset, RadioGroup, Stack, Text } from '@chakra-ui/react';
import type { Library } from '../../../../domain/libraries';
import { adminStrings } from '../../../lib/strings';

const t = adminStrings.roles;

/**
 * Which libraries a role's members see: all of them (null: a library added later is seen too)
 * or a checklist. Ticking "Only these" starts from every library present, so switching and
 * then unticking one is the short way to hide a single library.
 */
export function RoleLibrariesField({
  libraries,
  value,
  idPrefix,
  onChange,
}: {
  libraries: readonly Library[];
  value: number[] | null;
  idPrefix: string;
  onChange: (value: number[] | null) => void;
}) {
  const toggle = (libraryId: number, on: boolean) => {
    const current = value ?? [];
    onChange(on ? [...current, libraryId] : current.filter((id) => id !== libraryId));
  };
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{t.libraries}</Fieldset.Legend>
      <RadioGroup.Root
        name={`${idPrefix}-libraries-mode`}
        value={value === null ? 'all' : 'some'}
        onValueChange={(e) =>
          onChange(e.value === 'all' ? null : libraries.map((library) => library.libraryId))
        }
      >
        <Stack gap="2">
          {(['all', 'some'] as const).map((mode) => (
            <RadioGroup.Item key={mode} value={mode}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                {mode === 'all' ? t.allLibraries : t.someLibraries}
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {value === null ? null : (
        <Stack gap="2" ps="6" role="group" aria-label={t.librariesChosen}>
          {libraries.map((library) => (
            <Checkbox.Root
              key={library.libraryId}
              checked={value.includes(library.libraryId)}
              onCheckedChange={(e) => toggle(library.libraryId, e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{library.name}</Checkbox.Label>
            </Checkbox.Root>
          ))}
          {value.some((id) => libraries.some((library) => library.libraryId === id)) ? null : (
            <Text color="fg.muted" fontSize="sm">
              {t.noLibraryChosen}
            </Text>
          )}
        </Stack>
      )}
    </Fieldset.Root>
  );
}
