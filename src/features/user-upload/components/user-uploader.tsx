import { Button, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { USER_UPLOAD_DESCRIPTION_MAX } from '../../../../domain/user-upload';
import { queryKeys } from '../../../common/query-keys';
import { offerUpload, sendUpload } from '../api/user-upload-api';
import { UploadPicker } from '../../../common/uploads/upload-picker';
import { UploadFileRow } from '../../../ui/upload-file-row';
import { userUploadStrings as t } from '../strings';
import { ResultDialog } from './result-dialog';
import { TextAreaField } from '../../../ui/text-field';

type FileState =
  | { state: 'idle' }
  | { state: 'uploading'; percent: number }
  | { state: 'uploaded' }
  | { state: 'failed' };

interface Item {
  key: string;
  file: File;
  status: FileState;
}

let nextKey = 0;

const words = (status: FileState): string =>
  status.state === 'uploading' ? t.state.uploading(status.percent) : t.state[status.state];

type Outcome = { kind: 'done'; count: number } | { kind: 'failed'; body: string } | null;

/**
 * /user-upload's form: each file goes to POST /api/upload, then POST /api/upload/music with the
 * description. Files go one at a time so each bar is honest; the first failure's server answer
 * is what the "Upload failed" dialog shows.
 */
export function UserUploader() {
  const queryClient = useQueryClient();
  const [description, setDescription] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const setStatus = (key: string, status: FileState) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, status } : item)));

  const run = async () => {
    setBusy(true);
    let failure: string | null = null;
    let sent = 0;
    for (const item of items.filter((i) => i.status.state !== 'uploaded')) {
      setStatus(item.key, { state: 'uploading', percent: 0 });
      try {
        const uploadId = await sendUpload(item.file, (fraction) =>
          setStatus(item.key, { state: 'uploading', percent: Math.floor(fraction * 100) }),
        );
        await offerUpload(uploadId, description);
        setStatus(item.key, { state: 'uploaded' });
        sent += 1;
      } catch (error) {
        setStatus(item.key, { state: 'failed' });
        failure ??= (error as Error).message;
      }
    }
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: queryKeys.userUploads.all });
    setOutcome(
      failure === null ? { kind: 'done', count: sent } : { kind: 'failed', body: failure },
    );
  };

  const closeOutcome = () => {
    if (outcome?.kind === 'done') {
      setItems([]);
      setDescription('');
    }
    setOutcome(null);
  };

  return (
    <Stack gap="5" maxW="2xl">
      <TextAreaField
        label={t.description}
        name="description"
        value={description}
        maxLength={USER_UPLOAD_DESCRIPTION_MAX}
        disabled={busy}
        onChange={(value) => setDescription(value)}
        helperText={t.descriptionHelp}
      />
      <UploadPicker
        label={t.pick}
        dropHint={t.drop}
        accept="audio/*"
        disabled={busy}
        onFiles={(picked) =>
          setItems((all) => [
            ...all,
            ...picked.map((file) => ({
              key: String(nextKey++),
              file,
              status: { state: 'idle' } as const,
            })),
          ])
        }
      />
      {items.length === 0 ? (
        <Text color="fg.muted">{t.noFiles}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {items.map((item) => (
            <UploadFileRow
              key={item.key}
              name={item.file.name}
              state={item.status.state}
              percent={item.status.state === 'uploading' ? item.status.percent : undefined}
              stateText={words(item.status)}
              actions={
                item.status.state !== 'uploading' && item.status.state !== 'uploaded' ? (
                  <Button
                    size="xs"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => setItems((all) => all.filter((i) => i.key !== item.key))}
                  >
                    {t.remove}
                  </Button>
                ) : null
              }
            />
          ))}
        </Stack>
      )}
      <Button
        alignSelf="flex-start"
        colorPalette="blue"
        loading={busy}
        disabled={!items.some((i) => i.status.state !== 'uploaded')}
        onClick={() => void run()}
      >
        {t.start}
      </Button>
      <ResultDialogs outcome={outcome} onClose={closeOutcome} />
    </Stack>
  );
}

function ResultDialogs({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  return (
    <>
      <ResultDialog
        open={outcome?.kind === 'done'}
        title={t.done.title}
        body={outcome?.kind === 'done' ? t.done.body(outcome.count) : ''}
        closeLabel={t.done.close}
        onClose={onClose}
      />
      <ResultDialog
        open={outcome?.kind === 'failed'}
        title={t.failed.title}
        body={outcome?.kind === 'failed' ? outcome.body : ''}
        closeLabel={t.failed.close}
        onClose={onClose}
      />
    </>
  );
}
