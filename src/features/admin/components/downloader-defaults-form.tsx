import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Settings } from '../../../../domain/settings';
import { notifySuccess } from '../../../lib/notify';
import { adminStrings } from '../../../lib/strings';
import { useSaveSettings } from '../api/save-settings';
import { FormFooter } from '../../../ui/form-footer';
import { SettingsGroup, SwitchInput } from './settings-inputs';
import { TextField } from '../../../ui/text-field';

const t = adminStrings.settings;
type Defaults = Settings['downloaderDefaults'];

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
const flag = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback;

/** The per-source download defaults, saved on their own (spec part 2, section 3). */
export function DownloaderDefaultsForm({ defaults }: { defaults: Defaults }) {
  const save = useSaveSettings();
  const deezer = defaults.deezer ?? {};
  const spotify = defaults.spotify ?? {};
  const [values, setValues] = useState({
    imageSize: text(deezer.imageSize, '1600'),
    deezerQuality: text(deezer.quality, 'FLAC'),
    filenameTemplate: text(deezer.filenameTemplate, 'artist - title'),
    downloadCover: flag(deezer.downloadCover, false),
    deezerFailAll: flag(deezer.failAllIfOne, true),
    spotifyQuality: text(spotify.quality, 'OGG_320'),
    spotifyFailAll: flag(spotify.failAllIfOne, true),
  });
  const [invalidSize, setInvalidSize] = useState(false);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const imageSize = /^\d{1,5}$/.test(values.imageSize.trim()) ? Number(values.imageSize) : null;
    setInvalidSize(imageSize === null);
    if (imageSize === null) return;
    save.mutate(
      {
        downloaderDefaults: {
          ...defaults,
          deezer: {
            ...deezer,
            imageSize,
            quality: values.deezerQuality.trim(),
            filenameTemplate: values.filenameTemplate,
            downloadCover: values.downloadCover,
            failAllIfOne: values.deezerFailAll,
          },
          spotify: {
            ...spotify,
            quality: values.spotifyQuality.trim(),
            failAllIfOne: values.spotifyFailAll,
          },
        },
      },
      { onSuccess: () => notifySuccess(t.downloaderSaved) },
    );
  };

  return (
    <SettingsGroup id="settings-downloader" title={t.groups.downloader}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text fontWeight="semibold">{t.deezer}</Text>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <TextField
              label={`${t.deezer} ${t.imageSize}`}
              value={values.imageSize}
              inputMode="numeric"
              invalid={invalidSize}
              errorText={t.invalidNumber}
              onChange={(v) => set('imageSize', v)}
            />
            <TextField
              label={`${t.deezer} ${t.quality}`}
              value={values.deezerQuality}
              onChange={(v) => set('deezerQuality', v)}
            />
            <TextField
              label={t.filenameTemplate}
              value={values.filenameTemplate}
              onChange={(v) => set('filenameTemplate', v)}
            />
          </SimpleGrid>
          <SwitchInput
            label={t.downloadCover}
            checked={values.downloadCover}
            onChange={(v) => set('downloadCover', v)}
          />
          <SwitchInput
            label={`${t.deezer}: ${t.failAllIfOne}`}
            checked={values.deezerFailAll}
            onChange={(v) => set('deezerFailAll', v)}
          />
          <Text fontWeight="semibold">{t.spotify}</Text>
          <TextField
            label={`${t.spotify} ${t.quality}`}
            value={values.spotifyQuality}
            onChange={(v) => set('spotifyQuality', v)}
          />
          <SwitchInput
            label={`${t.spotify}: ${t.failAllIfOne}`}
            checked={values.spotifyFailAll}
            onChange={(v) => set('spotifyFailAll', v)}
          />
          <FormFooter
            submitLabel={t.saveDownloader}
            submitting={save.isPending}
            error={save.error}
          />
        </Stack>
      </form>
    </SettingsGroup>
  );
}
