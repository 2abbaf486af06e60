import { Button, Dialog, Flex, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { formatLyricsText } from '../../../../domain/lyrics-lrc';
import {
  addTagField,
  addTagValue,
  removeTagValue,
  type FileTags,
} from '../../../../domain/collection-page';
import { useLyrics } from '../../../common/lyrics/get-lyrics';
import { notifySuccess } from '../../../lib/notify';
import { libraryStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import { LoadError } from '../../../ui/load-error';
import { TextAreaField } from '../../../ui/text-field';
import { useFileTags, useSaveFileTags } from '../api/file-tags';
import { useSaveLyrics } from '../api/save-lyrics';
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
  const lyrics = useLyrics(file?.fileId ?? null, { fresh: true });
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
      {/* The lyrics wait for their own fresh read: a cached copy may predate an edit. */}
      {file === null ? null : query.isPending || !lyrics.isFetchedAfterMount ? (
        <Dialog.Body>
          <CenteredSpinner label={t.loading} />
        </Dialog.Body>
      ) : query.isError ? (
        <Dialog.Body>
          <LoadError error={query.error} />
        </Dialog.Body>
      ) : (
        <TagForm
          key={file.fileId}
          fileId={file.fileId}
          initial={query.data}
          // Lyrics that failed to load are not offered for editing: saving would overwrite them.
          initialLyrics={lyrics.isError || !lyrics.data ? null : formatLyricsText(lyrics.data)}
          onDone={onClose}
        />
      )}
    </DialogShell>
  );
}

function TagForm({
  fileId,
  initial,
  initialLyrics,
  onDone,
}: {
  fileId: number;
  initial: FileTags;
  /** The stored lyrics as LRC or plain text; null when they could not be loaded. */
  initialLyrics: string | null;
  onDone: () => void;
}) {
  const save = useSaveFileTags();
  const saveLyrics = useSaveLyrics();
  const [lyrics, setLyrics] = useState(initialLyrics ?? '');
  const [tags, setTags] = useState(initial.textTags);
  // undefined: keep the file's cover; null: remove it; a value: replace it.
  const [cover, setCover] = useState<FileTags['cover'] | undefined>(undefined);
  const [newField, setNewField] = useState('');
  const shown = cover === undefined ? initial.cover : cover;
  const preview = shown ? `data:${shown.mime};base64,${shown.data}` : null;

  // The tags first (writing them may rewrite the file), then the lyrics when they changed.
  const submit = async () => {
    try {
      await save.mutateAsync({ fileId, textTags: tags, ...(cover === undefined ? {} : { cover }) });
      if (initialLyrics !== null && lyrics !== initialLyrics)
        await saveLyrics.mutateAsync({ fileId, text: lyrics });
    } catch {
      // The api client has shown the failure; the dialog stays open with the edits.
      return;
    }
    notifySuccess(t.saved);
    onDone();
  };

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
          <TextAreaField
            label={t.lyrics}
            value={lyrics}
            onChange={setLyrics}
            helperText={initialLyrics === null ? undefined : t.lyricsHint}
            invalid={initialLyrics === null}
            errorText={initialLyrics === null ? t.lyricsFailed : undefined}
            disabled={initialLyrics === null}
            rows={8}
            fontFamily="mono"
            fontSize="sm"
            spellCheck={false}
          />
        </Stack>
      </Dialog.Body>
      <FormFooter
        inDialog
        cancelLabel={t.cancel}
        onCancel={onDone}
        submitLabel={t.save}
        submitting={save.isPending || saveLyrics.isPending}
        onSubmit={() => void submit()}
      />
    </>
  );
}
