import { Badge, Box, Flex, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { formatBytes } from '../../../../domain/format';
import {
  shownAttachmentName,
  type Attachment,
  type TicketMessage as Message,
} from '../../../../domain/ticket';
import { CloseIcon } from '../../../ui/icons';
import { supportStrings } from '../strings';

const t = supportStrings.ticket;

const fileUrl = (attachment: Attachment): string =>
  `/api/file?path=${encodeURIComponent(attachment.uploadPath)}`;

/** One message: author, time, plain text body and its attachments (opened in a new tab). */
export function TicketMessage({
  message,
  attachments,
  canDeleteAttachments,
  onDeleteAttachment,
}: {
  message: Message;
  attachments: Attachment[];
  canDeleteAttachments: boolean;
  onDeleteAttachment: (attachment: Attachment) => void;
}) {
  return (
    <Box as="article" borderWidth="1px" borderRadius="md" p="4">
      <Flex gap="2" align="center" wrap="wrap" mb="2">
        <Text fontWeight="semibold">{message.user?.userName ?? t.deletedUser}</Text>
        {message.user?.isAdmin ? <Badge colorPalette="teal">{t.admin}</Badge> : null}
        <Text asChild fontSize="sm" color="fg.muted">
          <time dateTime={message.ticketMessageCreated}>
            {new Date(message.ticketMessageCreated).toLocaleString()}
          </time>
        </Text>
      </Flex>
      {/* Plain text: React escapes it; line breaks are kept by the white-space rule. */}
      <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
        {message.ticketMessageBody}
      </Text>
      {attachments.length > 0 ? (
        <Stack as="ul" gap="1" mt="3" listStyleType="none" aria-label={t.attachments}>
          {attachments.map((attachment) => (
            <Flex as="li" key={attachment.uploadId} gap="2" align="center" minW="0">
              <Link
                href={fileUrl(attachment)}
                target="_blank"
                rel="noopener noreferrer"
                title={attachment.uploadName}
                color="teal.fg"
                overflowWrap="anywhere"
              >
                {shownAttachmentName(attachment.uploadName)}
              </Link>
              <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                {formatBytes(attachment.uploadSize)}
              </Text>
              {canDeleteAttachments ? (
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={t.removeAttachment(attachment.uploadName)}
                  onClick={() => onDeleteAttachment(attachment)}
                >
                  <CloseIcon />
                </IconButton>
              ) : null}
            </Flex>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
