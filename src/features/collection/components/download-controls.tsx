import { Button, Field, Flex, NativeSelect } from '@chakra-ui/react';
import {
  DOWNLOAD_FORMATS,
  DownloadFormatSchema,
  type DownloadFormat,
} from '../../../../domain/audio-format';
import { libraryStrings } from '../../../lib/strings';
import { DownloadIcon } from '../../../ui/action-icons';

const t = libraryStrings.download;

/** The format selector (every DOWNLOAD_FORMATS entry) and the whole-collection button. */
export function DownloadControls({
  format,
  onFormatChange,
  onDownloadCollection,
}: {
  format: DownloadFormat;
  onFormatChange: (format: DownloadFormat) => void;
  onDownloadCollection: () => void;
}) {
  return (
    <Flex gap="3" align="end" wrap="wrap">
      <Field.Root maxW="48">
        <Field.Label>{t.format}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={format}
            onChange={(event) => {
              const parsed = DownloadFormatSchema.safeParse(event.currentTarget.value);
              if (parsed.success) onFormatChange(parsed.data);
            }}
          >
            {DOWNLOAD_FORMATS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button size="sm" variant="outline" onClick={onDownloadCollection}>
        <DownloadIcon /> {t.collection}
      </Button>
    </Flex>
  );
}
