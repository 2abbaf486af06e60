import { Button, HStack, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Station, StationInput } from '../../../../domain/radio-stations';
import { stationStrings as t } from '../strings';

/** Name, stream address and homepage: adding a station, or changing one (administrators). */
export function StationForm({
  station,
  busy,
  onSubmit,
  onCancel,
}: {
  station?: Station;
  busy: boolean;
  onSubmit: (input: StationInput) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(station?.name ?? '');
  const [streamUrl, setStreamUrl] = useState(station?.streamUrl ?? '');
  const [homepageUrl, setHomepageUrl] = useState(station?.homepageUrl ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      name: name.trim(),
      streamUrl: streamUrl.trim(),
      homepageUrl: homepageUrl.trim() === '' ? null : homepageUrl.trim(),
    });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="2" maxW="40rem" mb="4">
        <Input
          aria-label={t.name}
          placeholder={t.name}
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
        />
        <Input
          aria-label={t.streamUrl}
          placeholder={t.streamUrl}
          value={streamUrl}
          maxLength={2000}
          onChange={(e) => setStreamUrl(e.target.value)}
        />
        <Input
          aria-label={t.homepageUrl}
          placeholder={t.homepageUrl}
          value={homepageUrl}
          maxLength={2000}
          onChange={(e) => setHomepageUrl(e.target.value)}
        />
        <HStack>
          <Button type="submit" size="sm" loading={busy}>
            {station ? t.save : t.add}
          </Button>
          {onCancel ? (
            <Button size="sm" variant="ghost" onClick={onCancel}>
              {t.cancel}
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </form>
  );
}
