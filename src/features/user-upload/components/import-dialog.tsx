import { Button, Dialog, Field, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { NewCollectionSchema } from '../../../../domain/library-upload';
import type { UserUpload } from '../../../../domain/user-upload';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import { LoadError } from '../../../ui/load-error';
import { useCollectionChoices, useImportUpload, type ImportTarget } from '../api/user-upload-api';
import { userUploadStrings as strings } from '../strings';

const t = strings.importDialog;

/** Import one user upload: into a collection found by name, or into a new one. */
export function ImportDialog({
  upload,
  onClose,
  onImported,
}: {
  upload: UserUpload;
  onClose: () => void;
  onImported: (collectionId: number) => void;
}) {
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const [newName, setNewName] = useState('');
  const choices = useCollectionChoices(query);
  const importer = useImportUpload();
  const nameOk = NewCollectionSchema.safeParse({ name: newName }).success;
  const target: ImportTarget | null =
    mode === 'existing'
      ? chosen && { collectionId: chosen.id }
      : nameOk
        ? { newName: newName.trim() }
        : null;

  const submit = () => {
    if (target === null) return;
    importer.mutate(
      { uploadId: upload.uploadId, target },
      { onSuccess: (answer) => onImported(answer.collectionId) },
    );
  };

  return (
    <DialogShell open onClose={onClose} closeButton={false}>
      <Dialog.Header>
        <Dialog.Title>{t.title(upload.uploadName)}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <RadioGroup.Root
            value={mode}
            onValueChange={(e) => setMode(e.value === 'new' ? 'new' : 'existing')}
          >
            <Stack gap="2">
              {(['existing', 'new'] as const).map((value) => (
                <RadioGroup.Item key={value} value={value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    {value === 'existing' ? t.existing : t.fresh}
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          {mode === 'existing' ? (
            <Stack gap="2">
              <Field.Root>
                <Field.Label>{t.search}</Field.Label>
                <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
              </Field.Root>
              {chosen ? <Text fontWeight="semibold">{t.chosen(chosen.name)}</Text> : null}
              {choices.data?.data.length === 0 ? <Text color="fg.muted">{t.noResults}</Text> : null}
              <Stack as="ul" listStyleType="none" gap="1">
                {choices.data?.data.map((c) => (
                  <li key={c.collectionId}>
                    <Button
                      size="sm"
                      variant={chosen?.id === c.collectionId ? 'solid' : 'outline'}
                      aria-label={t.choose(c.collectionName)}
                      onClick={() => setChosen({ id: c.collectionId, name: c.collectionName })}
                    >
                      {c.collectionName}
                    </Button>
                  </li>
                ))}
              </Stack>
            </Stack>
          ) : (
            <Field.Root required>
              <Field.Label>{t.name}</Field.Label>
              <Input value={newName} maxLength={200} onChange={(e) => setNewName(e.target.value)} />
            </Field.Root>
          )}
          {importer.error ? <LoadError error={importer.error} /> : null}
        </Stack>
      </Dialog.Body>
      <FormFooter
        inDialog
        cancelLabel={t.cancel}
        onCancel={onClose}
        submitLabel={t.submit}
        canSubmit={target !== null}
        submitting={importer.isPending}
        onSubmit={submit}
      />
    </DialogShell>
  );
}
