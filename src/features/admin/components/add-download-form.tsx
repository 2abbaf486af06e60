import { Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type DragEvent, type FormEvent } from 'react';
import { torrentPlaceholder } from '../../../../domain/servers';
import type { PostActionSpec } from '../../../../domain/settings';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { serverStrings } from '../../../lib/strings';
import { FilePicker } from '../../../ui/file-picker';
import { useAddDownload } from '../api/downloads';
import {
  initialDownloadValues,
  isTorrentText,
  readFileBase64,
  SOURCES,
  UNAVAILABLE_SOURCES,
  valuesToDownload,
  type DownloadFormValues,
  type DownloadSourceName,
} from './download-form-values';
import { FormFooter } from '../../../ui/form-footer';
import { SelectInput, SwitchInput } from './settings-inputs';
import { TextAreaField, TextField } from '../../../ui/text-field';

const t = serverStrings.add;
/** Spec part 2 §9: the page reloads 1 s after a download is added. */
export const RELOAD_AFTER_ADD_MS = 1000;

/** The add-download form of /admin/servers/{id}: a link or one dropped .torrent file. */
export function AddDownloadForm({
  serverId,
  defaults,
  defaultPost,
}: {
  serverId: number;
  defaults: Record<string, Record<string, unknown>>;
  defaultPost: PostActionSpec[];
}) {
  const add = useAddDownload(serverId);
  const [values, setValues] = useState<DownloadFormValues>(() =>
    initialDownloadValues(defaults, defaultPost),
  );
  const [invalid, setInvalid] = useState<'options' | 'postActions' | null>(null);
  const [dragging, setDragging] = useState(false);
  const set = <K extends keyof DownloadFormValues>(key: K, value: DownloadFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const chooseSource = (source: DownloadSourceName) =>
    setValues((v) => ({ ...v, source, options: JSON.stringify(defaults[source] ?? {}) }));

  const takeFiles = async (files: ArrayLike<File> | null) => {
    if (!files || files.length !== 1) {
      notifyError(t.oneFileOnly);
      return;
    }
    const file = files[0]!;
    const base64 = await readFileBase64(file);
    setValues((v) => ({
      ...v,
      url: base64,
      source: 'torrent',
      name: v.name || file.name.replace(/\.torrent$/i, ''),
      options: JSON.stringify(defaults.torrent ?? {}),
    }));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void takeFiles(event.dataTransfer.files);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = valuesToDownload(values);
    setInvalid(result.invalid);
    if (!result.body) return;
    add.mutate(result.body, {
      onSuccess: () => {
        notifySuccess(t.added);
        setTimeout(() => window.location.reload(), RELOAD_AFTER_ADD_MS);
      },
    });
  };

  const torrent = isTorrentText(values.url);
  return (
    <Box as="section" aria-labelledby="add-download" borderWidth="1px" borderRadius="md" p="5">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Heading as="h2" size="lg" id="add-download">
            {t.heading}
          </Heading>
          {torrent ? (
            <Field.Root>
              <Field.Label>{t.url}</Field.Label>
              <Stack direction="row" align="center" gap="3">
                <Input
                  readOnly
                  value={torrentPlaceholder(values.name || null)}
                  aria-label={t.url}
                />
                <Button variant="outline" onClick={() => set('url', '')}>
                  {t.clearTorrent}
                </Button>
              </Stack>
            </Field.Root>
          ) : (
            <TextField label={t.url} value={values.url} onChange={(url) => set('url', url)} />
          )}
          <Box
            borderWidth="2px"
            borderStyle="dashed"
            borderColor={dragging ? 'teal.600' : 'border'}
            borderRadius="md"
            p="4"
            textAlign="center"
            data-testid="torrent-drop"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <Text mb="2">{t.drop}</Text>
            <FilePicker
              label={t.chooseFile}
              accept=".torrent,application/x-bittorrent"
              onFiles={(files) => void takeFiles(files)}
            />
          </Box>
          <SelectInput
            label={t.source}
            value={values.source}
            options={SOURCES.map((s) =>
              UNAVAILABLE_SOURCES.has(s)
                ? { value: s, label: t.sourceUnavailable(s), disabled: true }
                : { value: s, label: s },
            )}
            helperText={t.sourcesHint}
            onChange={(s) => chooseSource(s as DownloadSourceName)}
          />
          <TextField label={t.name} value={values.name} onChange={(name) => set('name', name)} />
          <SwitchInput
            label={t.keepOriginal}
            checked={values.keepOriginal}
            onChange={(keep) => set('keepOriginal', keep)}
          />
          <TextAreaField
            label={t.options}
            invalid={invalid === 'options'}
            rows={2}
            value={values.options}
            onChange={(value) => set('options', value)}
            errorText={t.invalidJson}
          />
          <TextAreaField
            label={t.postActions}
            invalid={invalid === 'postActions'}
            rows={2}
            value={values.postActions}
            onChange={(value) => set('postActions', value)}
            errorText={t.invalidJson}
          />
          <FormFooter
            submitLabel={t.submit}
            canSubmit={values.url.trim() !== ''}
            submitting={add.isPending}
            error={add.error}
          />
        </Stack>
      </form>
    </Box>
  );
}
