import { Button, HStack, NativeSelect } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../../../domain/audio-format';
import type { PurchaseRequest } from '../../../../domain/collection-page';
import { useDownload } from '../../../common/download/use-download';
import { trackCollectionQuery } from '../api/get-track-collection';
import { playerStrings as t } from '../strings';
import { DownloadIcon } from './player-icons';

// Without a chooser composed in, a locked collection's download does nothing rather than fail.
const noChooser = () => undefined;

/**
 * The full-screen player's download: the same flow as the collection page (src/lib/use-download.ts),
 * so zero remaining downloads, transcoding and locked collections behave the same here.
 */
export function DownloadControl({
  fileId,
  collectionId,
  onBuy,
}: {
  fileId: number;
  collectionId: number;
  onBuy?: (request: PurchaseRequest) => void;
}) {
  const [format, setFormat] = useState<DownloadFormat>('original');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const download = useDownload(onBuy ?? noChooser);

  const start = async () => {
    setBusy(true);
    try {
      const collection = await queryClient.fetchQuery(trackCollectionQuery(collectionId));
      await download({ collection, fileId, format });
    } catch {
      // The failed call has already shown its red notice; the button only leaves its busy state.
    } finally {
      setBusy(false);
    }
  };

  return (
    <HStack>
      <NativeSelect.Root size="sm" width="36">
        <NativeSelect.Field
          aria-label={t.format}
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as DownloadFormat)}
        >
          {DOWNLOAD_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" variant="outline" loading={busy} onClick={() => void start()}>
        <DownloadIcon /> {t.download}
      </Button>
    </HStack>
  );
}
