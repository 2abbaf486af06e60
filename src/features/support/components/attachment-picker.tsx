import { Badge, CloseButton, Flex, Stack, Text } from '@chakra-ui/react';
import { shownAttachmentName } from '../../../../domain/ticket';
import { FilePicker } from '../../../ui/file-picker';
import { supportStrings } from '../strings';
import type { Attachments, PendingFile } from '../hooks/use-attachments';

const t = supportStrings.attach;

const STATE_COLOR: Record<PendingFile['state'], string> = {
  uploading: 'gray',
  uploaded: 'green',
  failed: 'red',
};

/** A button that opens the file chooser, then one line per file with its upload state. */
export function AttachmentPicker({ attachments, id }: { attachments: Attachments; id: string }) {
  return (
    <Stack gap="2">
      <FilePicker
        label={t.add}
        hint={t.hint}
        multiple
        id={id}
        data-testid={id}
        onFiles={attachments.add}
      />
      {attachments.files.length > 0 ? (
        <Stack as="ul" gap="1" listStyleType="none" aria-live="polite">
          {attachments.files.map((file) => (
            <Flex as="li" key={file.key} gap="2" align="center" minW="0">
              <Text truncate flex="1" title={file.name}>
                {shownAttachmentName(file.name)}
              </Text>
              <Badge colorPalette={STATE_COLOR[file.state]}>{t[file.state]}</Badge>
              <CloseButton
                size="xs"
                aria-label={t.remove(file.name)}
                onClick={() => attachments.remove(file.key)}
              />
            </Flex>
          ))}
        </Stack>
      ) : null}
      {attachments.files
        .filter((file) => file.state === 'failed')
        .map((file) => (
          <Text key={file.key} role="alert" color="fg.error" fontSize="sm">
            {file.name}: {file.error}
          </Text>
        ))}
    </Stack>
  );
}
