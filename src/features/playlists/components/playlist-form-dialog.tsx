import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Input,
  Portal,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { libraryStrings } from '../../../lib/strings';

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
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {open ? (
              <PlaylistForm
                heading={heading}
                submitLabel={submitLabel}
                initial={initial}
                showEditorial={showEditorial}
                loading={loading}
                onSubmit={onSubmit}
                onClose={onClose}
              />
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
  const canSubmit = values.title.trim().length > 0 && !loading;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (canSubmit) onSubmit({ ...values, title: values.title.trim() });
  };
  return (
    <form onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>{heading}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>{t.titleField}</Field.Label>
            <Input
              value={values.title}
              maxLength={200}
              onChange={(e) => set('title', e.target.value)}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t.description}</Field.Label>
            <Textarea
              value={values.description}
              maxLength={5000}
              onChange={(e) => set('description', e.target.value)}
            />
          </Field.Root>
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
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button type="submit" colorPalette="teal" disabled={!canSubmit} loading={loading}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
