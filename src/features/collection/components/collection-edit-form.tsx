import { Checkbox, Field, Flex, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Collection } from '../../../../domain/collection';
import { centsToPriceInput, priceInputToCents } from '../../../../domain/collection-page';
import { isCalendarDate } from '../../../../domain/dates';
import { notifySuccess } from '../../../lib/notify';
import { libraryStrings } from '../../../lib/strings';
import { useEditCollection } from '../api/edit-collection';
import { FormFooter } from '../../../ui/form-footer';

const t = libraryStrings.admin;

/**
 * Admin metadata form. The price is typed in EUR and sent as rounded cents, empty meaning free;
 * label and release date go to POST /api/audio_collection/{id}.
 */
export function CollectionEditForm({
  collection,
  collectionTags,
}: {
  collection: Collection;
  collectionTags: readonly string[];
}) {
  const edit = useEditCollection(collection.collectionId);
  const [name, setName] = useState(collection.collectionName);
  const [hidden, setHidden] = useState(collection.collectionHidden);
  const [tags, setTags] = useState<string[]>(collection.collectionTags);
  const [price, setPrice] = useState(centsToPriceInput(collection.collectionPrice));
  const [description, setDescription] = useState(collection.collectionDescription);
  const [label, setLabel] = useState(collection.audioLabel ?? '');
  const [releaseDate, setReleaseDate] = useState(collection.audioReleaseDate ?? '');

  const parsedPrice = priceInputToCents(price);
  // A real calendar day (2025-02-30 is refused here, as the server would refuse it).
  const dateValid = releaseDate === '' || isCalendarDate(releaseDate);
  const canSave = name.trim().length > 0 && parsedPrice.ok && dateValid && !edit.isPending;
  // Tags chosen before the setting changed stay selectable, so saving never drops them silently.
  const tagOptions = [...new Set([...collectionTags, ...collection.collectionTags])];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || !parsedPrice.ok) return;
    edit.mutate(
      {
        collection: {
          collectionName: name.trim(),
          collectionHidden: hidden,
          collectionTags: tags,
          collectionPrice: parsedPrice.cents,
          collectionDescription: description,
        },
        audio: { audioLabel: label.trim() || null, audioReleaseDate: releaseDate || null },
      },
      { onSuccess: () => notifySuccess(t.saved) },
    );
  };

  const toggleTag = (tag: string, on: boolean) =>
    setTags((current) => (on ? [...current, tag] : current.filter((x) => x !== tag)));

  return (
    <Stack as="form" gap="4" onSubmit={submit} aria-label={t.editHeading} maxW="2xl">
      <Text fontWeight="semibold">{t.editHeading}</Text>
      <Field.Root required>
        <Field.Label>{t.name}</Field.Label>
        <Input value={name} onChange={(e) => setName(e.target.value)} />
      </Field.Root>
      <Checkbox.Root checked={hidden} onCheckedChange={(e) => setHidden(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t.hidden}</Checkbox.Label>
      </Checkbox.Root>
      <Stack gap="2" role="group" aria-label={t.tags}>
        <Text fontSize="sm" fontWeight="medium">
          {t.tags}
        </Text>
        <Flex gap="4" wrap="wrap">
          {tagOptions.map((tag) => (
            <Checkbox.Root
              key={tag}
              size="sm"
              checked={tags.includes(tag)}
              onCheckedChange={(e) => toggleTag(tag, e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{tag}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      </Stack>
      <Field.Root invalid={!parsedPrice.ok}>
        <Field.Label>{t.priceEur}</Field.Label>
        <Input
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          maxW="40"
        />
        {parsedPrice.ok ? <Field.HelperText>{t.priceHint}</Field.HelperText> : null}
        <Field.ErrorText>{t.priceInvalid}</Field.ErrorText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t.description}</Field.Label>
        <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={4} />
      </Field.Root>
      <Flex gap="4" wrap="wrap">
        <Field.Root flex="1" minW="48">
          <Field.Label>{t.audioLabel}</Field.Label>
          <Input value={label} onChange={(e) => setLabel(e.target.value)} />
        </Field.Root>
        <Field.Root flex="1" minW="48" invalid={!dateValid}>
          <Field.Label>{t.audioReleaseDate}</Field.Label>
          <Input
            value={releaseDate}
            placeholder="YYYY-MM-DD"
            onChange={(e) => setReleaseDate(e.target.value)}
          />
          <Field.ErrorText>{t.releaseDateInvalid}</Field.ErrorText>
        </Field.Root>
      </Flex>
      <FormFooter submitLabel={t.save} canSubmit={canSave} submitting={edit.isPending} />
    </Stack>
  );
}
