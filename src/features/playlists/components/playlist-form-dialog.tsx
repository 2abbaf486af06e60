import { Checkbox, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { libraryStrings } from '../../../lib/strings';
import { DialogForm } from '../../../ui/dialog-form';
import { DialogShell } from '../../../ui/dialog-shell';
import { TextField, TextAreaField } from '../../../ui/text-field';

const t = libraryStrings.playlists;

export interface PlaylistFormValues {
  title: string;
  description: string;
  public: boolean;
  editorial: boolean;
}

const EMPTY: PlaylistFormValues = { title: '', description: '', public: false, editorial: false };

/** Create or edit a playlist: title (required), description, public, and editorial for admins. */
export function PlaylistFormDialog({
  open,
  heading,
  submitLabel,
  initial = EMPTY,
  showEditorial = false,
  loading = false,
  onSubmit,
  onClose,
}: {
  open: boolean;
  heading: string;
  submitLabel: string;
  initial?: PlaylistFormValues;
  showEditorial?: boolean;
  loading?: boolean;
  onSubmit: (values: PlaylistFormValues) => void;
  onClose: () => void;
}) {
  return (
    <DialogShell open={open} onClose={onClose}>
      <PlaylistForm
        heading={heading}
        submitLabel={submitLabel}
        initial={initial}
        showEditorial={showEditorial}
        loading={loading}
        onSubmit={onSubmit}
        onClose={onClose}
      />
    </DialogShell>
  );
}

/** Mounted only while open, so every opening starts from `initial`. */
function PlaylistForm({
  heading,
  submitLabel,
  initial,
  showEditorial,
  loading,
  onSubmit,
  onClose,
}: {
  heading: string;
  submitLabel: string;
  initial: PlaylistFormValues;
  showEditorial: boolean;
  loading: boolean;
  onSubmit: (values: PlaylistFormValues) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof PlaylistFormValues>(key: K, value: PlaylistFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  return (
    <DialogForm
      title={heading}
      cancelLabel={t.cancel}
      submitLabel={submitLabel}
      canSubmit={values.title.trim().length > 0}
      submitting={loading}
      onSubmit={() => onSubmit({ ...values, title: values.title.trim() })}
      onCancel={onClose}
    >
      <Stack gap="4">
        <TextField
          label={t.titleField}
          required
          value={values.title}
          maxLength={200}
          onChange={(value) => set('title', value)}
        />
        <TextAreaField
          label={t.description}
          value={values.description}
          maxLength={5000}
          onChange={(value) => set('description', value)}
        />
        <Checkbox.Root
          checked={values.public}
          onCheckedChange={(e) => set('public', e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t.public}</Checkbox.Label>
        </Checkbox.Root>
        {showEditorial ? (
          <Checkbox.Root
            checked={values.editorial}
            onCheckedChange={(e) => set('editorial', e.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t.editorial}</Checkbox.Label>
          </Checkbox.Root>
        ) : null}
      </Stack>
    </DialogForm>
  );
}
