import { Button, CloseButton, Flex, Input, Stack, Tag, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { libraryStrings } from '../../../lib/strings';

const t = libraryStrings.tagEditor;

/** One tag field: its values (removable) and an input to add another value. */
export function TagFieldEditor({
  field,
  values,
  onAdd,
  onRemove,
}: {
  field: string;
  values: string[];
  onAdd: (value: string) => void;
  onRemove: (index: number) => void;
}) {
  const [draft, setDraft] = useState('');
  // A form per field would nest forms inside the dialog's; Enter is handled on the input.
  const add = (event?: FormEvent) => {
    event?.preventDefault();
    onAdd(draft);
    setDraft('');
  };
  return (
    <Stack gap="1" data-testid="tag-field" data-field={field}>
      <Text fontWeight="semibold" fontSize="sm">
        {field}
      </Text>
      <Flex gap="1" wrap="wrap">
        {values.map((value, index) => (
          <Tag.Root key={`${value}-${index}`} size="lg">
            <Tag.Label>{value}</Tag.Label>
            <Tag.EndElement>
              <CloseButton
                size="2xs"
                aria-label={t.removeValue(field, value)}
                onClick={() => onRemove(index)}
              />
            </Tag.EndElement>
          </Tag.Root>
        ))}
      </Flex>
      <Flex gap="2">
        <Input
          size="sm"
          aria-label={t.newValue(field)}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add(e);
          }}
        />
        <Button size="sm" variant="outline" onClick={() => add()} disabled={!draft.trim()}>
          {t.addValue}
        </Button>
      </Flex>
    </Stack>
  );
}
