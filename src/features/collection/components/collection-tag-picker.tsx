import { Button, Checkbox, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { foldText } from '../../../../domain/search-text';
import { libraryStrings } from '../../../lib/strings';

const t = libraryStrings.admin;
const MAX_TAG_LENGTH = 64;

/**
 * The collection's tags, picked from the site's list; a new tag is made only by "Create tag",
 * so a typo never becomes a tag of its own (the site's list learns it when the form is saved).
 */
export function CollectionTagPicker({
  options,
  chosen,
  onChange,
}: {
  options: readonly string[];
  chosen: readonly string[];
  onChange: (tags: string[], created?: string) => void;
}) {
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const trimmed = draft.trim();
  const tooLong = trimmed.length > MAX_TAG_LENGTH;

  const create = () => {
    if (trimmed === '' || tooLong) return;
    const key = foldText(trimmed);
    if (key === '') {
      setNotice(t.tagNeedsLetters);
      return;
    }
    const existing = options.find((tag) => foldText(tag) === key);
    setDraft('');
    if (existing !== undefined) {
      // An existing tag in another spelling: pick it rather than make a near-twin.
      if (!chosen.includes(existing)) onChange([...chosen, existing]);
      setNotice(t.tagExists(existing));
      return;
    }
    setNotice(null);
    onChange([...chosen, trimmed], trimmed);
  };

  return (
    <Stack gap="2" role="group" aria-label={t.tags}>
      <Text fontSize="sm" fontWeight="medium">
        {t.tags}
      </Text>
      <Flex gap="4" wrap="wrap">
        {options.map((tag) => (
          <Checkbox.Root
            key={tag}
            size="sm"
            checked={chosen.includes(tag)}
            onCheckedChange={(e) =>
              onChange(e.checked === true ? [...chosen, tag] : chosen.filter((x) => x !== tag))
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{tag}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Flex>
      <Field.Root invalid={tooLong} maxW="md">
        <Flex gap="2" w="full">
          <Input
            size="sm"
            aria-label={t.newTag}
            placeholder={t.newTag}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setNotice(null);
            }}
            // Enter creates the tag rather than submitting the whole form half-edited.
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                create();
              }
            }}
          />
          <Button size="sm" variant="outline" onClick={create} disabled={trimmed === '' || tooLong}>
            {t.createTag}
          </Button>
        </Flex>
        <Field.ErrorText>{t.tagTooLong(MAX_TAG_LENGTH)}</Field.ErrorText>
        {notice ? (
          <Field.HelperText role="status" aria-live="polite">
            {notice}
          </Field.HelperText>
        ) : null}
      </Field.Root>
    </Stack>
  );
}
