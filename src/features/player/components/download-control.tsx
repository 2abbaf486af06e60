import { Button, HStack, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../../../domain/audio-format';
import { playerStrings as t } from '../strings';
import { DownloadIcon } from './player-icons';

/** Spec part 1, section 9: the hidden download frame is removed after 20 s. */
const FRAME_LIFETIME_MS = 20_000;

/** Starts GET /downloader/file/{fileId}?format=... in a hidden frame, as the spec describes. */
export function startDownload(fileId: number, format: DownloadFormat): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.src =
    format === 'original'
      ? `/downloader/file/${fileId}`
      : `/downloader/file/${fileId}?format=${format}`;
  document.body.append(frame);
  window.setTimeout(() => frame.remove(), FRAME_LIFETIME_MS);
}

export function DownloadControl({ fileId }: { fileId: number }) {
  const [format, setFormat] = useState<DownloadFormat>('original');
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
      <Button size="sm" variant="outline" onClick={() => startDownload(fileId, format)}>
        <DownloadIcon /> {t.download}
      </Button>
    </HStack>
  );
}
