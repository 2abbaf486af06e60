import { Button, Dialog, Flex, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import {
  addTagField,
  addTagValue,
  removeTagValue,
  type FileTags,
} from '../../../../domain/collection-page';
import { notifySuccess } from '../../../lib/notify';
import { libraryStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import { LoadError } from '../../../ui/load-error';
import { useFileTags, useSaveFileTags } from '../api/file-tags';
import { CoverDropArea } from './cover-drop-area';
import { TagFieldEditor } from './tag-field-editor';

const t = libraryStrings.tagEditor;

/** Reads a picked or dropped image as the base64 payload POST /downloader/tags expects. */
function readCover(file: File): Promise<NonNullable<FileTags['cover']>> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ data: url.slice(url.indexOf(',') + 1), mime: file.type });
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** Admin tag editor of one file; open while `file` is set. */
export function TagEditorDialog({
  file,
  onClose,
}: {
  file: { fileId: number; title: string } | null;
  onClose: () => void;
}) {
  const query = useFileTags(file?.fileId ?? null);
  return (
    <DialogShell
      open={file !== null}
      onClose={onClose}
      placement="top"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Dialog.Header>
        <Dialog.Title>{t.title(file?.title ?? '')}</Dialog.Title>
      </Dialog.Header>
      {file === null ? null : query.isPending ? (
        <Dialog.Body>
          <CenteredSpinner label={t.loading} />
        </Dialog.Body>
      ) : query.isError ? (
        <Dialog.Body>
          <LoadError error={query.error} />
        </Dialog.Body>
      ) : (
        <TagForm key={file.fileId} fileId={file.fileId} initial={query.data} onDone={onClose} />
      )}
    </DialogShell>
  );
}

function TagForm({
  fileId,
  initial,
  onDone,
}: {
  fileId: number;
  initial: FileTags;
  onDone: () => void;
}) {
  const save = useSaveFileTags();
  const [tags, setTags] = useState(initial.textTags);
  // undefined: keep the file's cover; null: remove it; a value: replace it.
  const [cover, setCover] = useState<FileTags['cover'] | undefined>(undefined);
  const [newField, setNewField] = useState('');
  const shown = cover === undefined ? initial.cover : cover;
  const preview = shown ? `data:${shown.mime};base64,${shown.data}` : null;

  const submit = () =>
    save.mutate(
      { fileId, textTags: tags, ...(cover === undefined ? {} : { cover }) },
      {
        onSuccess: () => {
          notifySuccess(t.saved);
          onDone();
        },
      },
    );

  const addField = () => {
    setTags((current) => addTagField(current, newField));
    setNewField('');
  };

  return (
    <>
      <Dialog.Body>
        <Stack gap="5">
          <CoverDropArea
            preview={preview}
            onFile={(picked) => void readCover(picked).then(setCover)}
            onRemove={() => setCover(null)}
          />
          {Object.entries(tags).map(([field, values]) => (
            <TagFieldEditor
              key={field}
              field={field}
              values={values}
              onAdd={(value) => setTags((current) => addTagValue(current, field, value))}
              onRemove={(index) => setTags((current) => removeTagValue(current, field, index))}
            />
          ))}
          <Flex gap="2">
            <Input
              size="sm"
              aria-label={t.newField}
              placeholder={t.newField}
              value={newField}
              onChange={(e) => setNewField(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addField();
                }
              }}
            />
            <Button size="sm" variant="outline" onClick={addField} disabled={!newField.trim()}>
              {t.addField}
            </Button>
          </Flex>
        </Stack>
      </Dialog.Body>
      <FormFooter
        inDialog
        cancelLabel={t.cancel}
        onCancel={onDone}
        submitLabel={t.save}
        submitting={save.isPending}
        onSubmit={submit}
      />
    </>
  );
}
