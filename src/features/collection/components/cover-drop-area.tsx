import { Box, Button, Center, Image, Stack, Text } from '@chakra-ui/react';
import { useState, type DragEvent } from 'react';
import { libraryStrings } from '../../../lib/strings';
import { FilePicker } from '../../../ui/file-picker';

const t = libraryStrings.tagEditor;

/** Spec part 1, section 9: the drop area is 200x200 px and takes exactly one file. */
const DROP_SIZE = '200px';

/**
 * A 200x200 px drop target for one cover image, with a file picker beside it so keyboard
 * users can choose a file too. Several files, or a non-image, are refused with a message.
 */
export function CoverDropArea({
  preview,
  onFile,
  onRemove,
}: {
  preview: string | null;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const accept = (files: ArrayLike<File> | null) => {
    if (!files || files.length !== 1) return setError(t.oneFileOnly);
    const file = files[0];
    if (!file || !file.type.startsWith('image/')) return setError(t.notAnImage);
    setError(null);
    onFile(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    accept(event.dataTransfer.files);
  };

  return (
    <Stack gap="2">
      <Text fontWeight="medium">{t.cover}</Text>
      <Center
        w={DROP_SIZE}
        h={DROP_SIZE}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? 'teal.solid' : 'border.emphasized'}
        borderRadius="md"
        overflow="hidden"
        data-testid="cover-drop-area"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {preview ? (
          <Image src={preview} alt={t.cover} w="full" h="full" objectFit="cover" />
        ) : (
          <Text color="fg.muted" fontSize="sm" textAlign="center" px="4">
            {t.dropCover}
          </Text>
        )}
      </Center>
      <Box display="flex" gap="2" flexWrap="wrap">
        <FilePicker label={t.chooseCover} accept="image/*" size="xs" onFiles={accept} />
        {preview ? (
          <Button size="xs" variant="ghost" onClick={onRemove}>
            {t.removeCover}
          </Button>
        ) : null}
      </Box>
      {error ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
