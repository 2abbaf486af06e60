import { Badge, Table } from '@chakra-ui/react';
import { formatDate } from '../../../../domain/format';
import type { DirectMessage } from '../../../../domain/message';
import { messagesStrings } from '../strings';

const t = messagesStrings;

/** From, title, date; unread rows are bold. A row opens the message by click or Enter. */
export function MessageTable({
  messages,
  onOpen,
}: {
  messages: DirectMessage[];
  onOpen: (message: DirectMessage) => void;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.columns.from}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.columns.title}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.columns.date}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {messages.map((message) => (
            <Table.Row
              key={message.dmId}
              tabIndex={0}
              cursor="pointer"
              fontWeight={message.dmRead ? 'normal' : 'bold'}
              data-unread={message.dmRead ? undefined : 'true'}
              aria-label={t.open(message.dmTitle, message.userName)}
              onClick={() => onOpen(message)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen(message);
                }
              }}
            >
              <Table.Cell>{message.userName}</Table.Cell>
              <Table.Cell>
                {message.dmTitle}{' '}
                {message.dmRead ? null : (
                  <Badge colorPalette="red" size="xs">
                    {t.unread}
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(message.dmDate)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
