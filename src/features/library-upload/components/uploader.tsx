import { Button, Checkbox, Progress, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { UPLOAD_ACCEPT } from '../../../../domain/library-upload';
import { UploadPicker } from '../../../common/uploads/upload-picker';
import { LoadError } from '../../../ui/load-error';
import { createUploadCollection, useImportCollection } from '../api/upload-api';
import { sendFile } from '../api/send-file';
import { uploadStrings as t } from '../strings';
import { FileRow, type FileState, type QueuedFile } from './file-row';
import { TextField } from '../../../ui/text-field';

let nextKey = 0;

/**
 * The library uploader: without a collection it first creates one from the typed name. Files go
 * one at a time, each with its own state; when none is left to send the collection is imported
 * (post or not) and the user goes to its page.
 */
export function Uploader({ collectionId }: { collectionId?: number }) {
  const navigate = useNavigate();
  const importer = useImportCollection();
  const [name, setName] = useState('');
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [post, setPost] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const target = useRef<number | undefined>(collectionId);

  const setStatus = (key: string, status: FileState) =>
    setFiles((all) => all.map((f) => (f.key === key ? { ...f, status } : f)));

  const send = async (item: QueuedFile, id: number): Promise<boolean> => {
    setStatus(item.key, { state: 'uploading', percent: 0 });
    try {
      await sendFile(item.file, id, (fraction) =>
        setStatus(item.key, { state: 'uploading', percent: Math.floor(fraction * 100) }),
      );
      setStatus(item.key, { state: 'uploaded' });
      return true;
    } catch (failure) {
      setStatus(item.key, { state: 'failed', reason: (failure as Error).message });
      return false;
    }
  };

  const run = async (only?: QueuedFile) => {
    setError(null);
    setBusy(true);
    try {
      if (target.current === undefined) {
        if (!name.trim()) throw new Error(t.needName);
        target.current = await createUploadCollection(name.trim());
      }
      const id = target.current;
      const pending = only ? [only] : files.filter((f) => f.status.state !== 'uploaded');
      let allDone = true;
      for (const item of pending) allDone = (await send(item, id)) && allDone;
      const othersDone = files.every(
        (f) => f.status.state === 'uploaded' || pending.some((p) => p.key === f.key),
      );
      if (allDone && othersDone) {
        await importer.mutateAsync({ collectionId: id, post });
        await navigate({
          to: '/audio-collection/$id',
          params: { id: String(id), collectionId: id },
        });
      }
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  };

  const uploaded = files.filter((f) => f.status.state === 'uploaded').length;
  return (
    <Stack gap="5" maxW="2xl">
      {collectionId === undefined ? (
        <TextField
          label={t.name}
          required
          invalid={error?.message === t.needName}
          name="collection-name"
          value={name}
          maxLength={200}
          disabled={busy || target.current !== undefined}
          onChange={(value) => setName(value)}
          helperText={t.nameHelp}
        />
      ) : null}
      <UploadPicker
        label={t.pick}
        dropHint={t.drop}
        hint={t.pickHelp}
        accept={UPLOAD_ACCEPT}
        disabled={busy}
        onFiles={(picked) =>
          setFiles((all) => [
            ...all,
            ...picked.map((file) => ({
              key: String(nextKey++),
              file,
              status: { state: 'idle' } as const,
            })),
          ])
        }
      />
      {files.length === 0 ? (
        <Text color="fg.muted">{t.noFiles}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {files.map((item) => (
            <FileRow
              key={item.key}
              item={item}
              busy={busy}
              onRetry={() => void run(item)}
              onRemove={() => setFiles((all) => all.filter((f) => f.key !== item.key))}
            />
          ))}
        </Stack>
      )}
      {files.length > 0 ? (
        <Stack gap="1">
          <Text role="status" aria-label="overall progress">
            {t.overall(uploaded, files.length)}
          </Text>
          <Progress.Root value={(uploaded / files.length) * 100} size="sm">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      ) : null}
      <Checkbox.Root
        checked={post}
        onCheckedChange={(e) => setPost(e.checked === true)}
        disabled={busy}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t.post}</Checkbox.Label>
      </Checkbox.Root>
      {importer.isPending ? <Text role="status">{t.importing}</Text> : null}
      {error ? <LoadError error={error} /> : null}
      <Button
        alignSelf="flex-start"
        colorPalette="blue"
        loading={busy}
        disabled={files.length === 0}
        onClick={() => void run()}
      >
        {t.start}
      </Button>
    </Stack>
  );
}
