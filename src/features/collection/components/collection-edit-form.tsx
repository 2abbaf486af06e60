import { Checkbox, Field, Flex, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Collection } from '../../../../domain/collection';
import { centsToPriceInput, priceInputToCents } from '../../../../domain/collection-page';
import { isCalendarDate } from '../../../../domain/dates';
import { uniqueFolded } from '../../../../domain/search-text';
import { notifySuccess } from '../../../lib/notify';
import { libraryStrings } from '../../../lib/strings';
import { useEditCollection } from '../api/edit-collection';
import { FormFooter } from '../../../ui/form-footer';
import { CollectionTagPicker } from './collection-tag-picker';
import { TagFieldEditor } from './tag-field-editor';

const t = libraryStrings.admin;

/**
 * Admin metadata form. The price is typed in EUR and sent as rounded cents, empty meaning free;
 * label, release date, album artist and genres go to POST /api/audio_collection/{id} (the last
 * two only when changed: they are written on every track).
 */
export function CollectionEditForm({
  id,
  collection,
  collectionTags,
}: {
  /** The element id the admin section's "Edit collection" button controls. */
  id: string;
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
  const albumArtistBefore = collection.collectionArtists.map((a) => a.artistName).join(', ');
  const [albumArtist, setAlbumArtist] = useState(albumArtistBefore);
  const [genres, setGenres] = useState<string[]>(collection.audioGenres);
  const [createdTags, setCreatedTags] = useState<string[]>([]);

  const parsedPrice = priceInputToCents(price);
  // A real calendar day (2025-02-30 is refused here, as the server would refuse it).
  const dateValid = releaseDate === '' || isCalendarDate(releaseDate);
  const canSave = name.trim().length > 0 && parsedPrice.ok && dateValid && !edit.isPending;
  // Tags chosen before the setting changed stay selectable, so saving never drops them silently.
  const tagOptions = [
    ...new Set([...collectionTags, ...collection.collectionTags, ...createdTags]),
  ];
  const genresChanged = genres.join('\u0000') !== collection.audioGenres.join('\u0000');
  const albumArtistChanged = albumArtist.trim() !== albumArtistBefore;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || !parsedPrice.ok) return;
    // Only the created tags still ticked join the site's list.
    const newSiteTags = createdTags.filter((tag) => tags.includes(tag));
    edit.mutate(
      {
        collection: {
          collectionName: name.trim(),
          collectionHidden: hidden,
          collectionTags: tags,
          collectionPrice: parsedPrice.cents,
          collectionDescription: description,
        },
        audio: {
          audioLabel: label.trim() || null,
          audioReleaseDate: releaseDate || null,
          ...(albumArtistChanged ? { audioAlbumArtist: albumArtist.trim() || null } : {}),
          ...(genresChanged ? { audioGenres: genres } : {}),
        },
        createdTags: newSiteTags,
      },
      {
        onSuccess: () => {
          setCreatedTags([]);
          notifySuccess(newSiteTags.length > 0 ? t.tagsCreated(newSiteTags) : t.saved);
        },
      },
    );
  };

  return (
    <Stack as="form" id={id} gap="4" onSubmit={submit} aria-label={t.editHeading} maxW="2xl">
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
      <CollectionTagPicker
        options={tagOptions}
        chosen={tags}
        onChange={(next, created) => {
          setTags(next);
          if (created !== undefined) setCreatedTags((current) => [...current, created]);
        }}
      />
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
        <Field.Root flex="1" minW="48">
          <Field.Label>{t.albumArtist}</Field.Label>
          <Input
            value={albumArtist}
            maxLength={300}
            onChange={(e) => setAlbumArtist(e.target.value)}
          />
          <Field.HelperText>{t.albumArtistHint}</Field.HelperText>
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
      <Stack gap="1">
        <TagFieldEditor
          field={t.genres}
          values={genres}
          onAdd={(value) => setGenres((current) => uniqueFolded([...current, value]).slice(0, 20))}
          onRemove={(index) => setGenres((current) => current.filter((_, i) => i !== index))}
        />
        <Text fontSize="xs" color="fg.muted">
          {t.genresHint}
        </Text>
      </Stack>
      <FormFooter submitLabel={t.save} canSubmit={canSave} submitting={edit.isPending} />
    </Stack>
  );
}
