import { Box, Stack, Text } from '@chakra-ui/react';
import { useState, type DragEvent, type ReactNode } from 'react';
import { FilePicker } from '../../ui/file-picker';
import { accepts } from './accepts';

/**
 * The one styled picker of /upload and /user-upload (issue 30): a dashed area that takes
 * files dropped on it, with the chooser button inside for keyboards and phones. Dropped files
 * are filtered by `accept` like the chooser does, so a stray drop cannot slip past it.
 */
export function UploadPicker({
  label,
  dropHint,
  hint,
  accept,
  disabled = false,
  onFiles,
}: {
  label: string;
  /** "or drop them here", said inside the area. */
  dropHint: string;
  hint?: ReactNode;
  accept: string;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const [over, setOver] = useState(false);
  const allow = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files].filter((file) => accepts(accept, file));
    if (files.length > 0) onFiles(files);
  };
  return (
    <Box
      data-testid="upload-drop-zone"
      data-over={over ? 'true' : undefined}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'colorPalette.solid' : 'border.emphasized'}
      bg={over ? 'colorPalette.subtle' : 'transparent'}
      colorPalette="brand"
      borderRadius="l3"
      padding={{ base: '4', md: '6' }}
      onDragEnter={allow}
      onDragOver={allow}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <Stack gap="2" alignItems="flex-start">
        <FilePicker
          label={label}
          size="md"
          multiple
          accept={accept}
          disabled={disabled}
          onFiles={onFiles}
        />
        <Text fontSize="sm">{dropHint}</Text>
        {hint === undefined ? null : (
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
