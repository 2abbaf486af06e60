import { Badge } from '@chakra-ui/react';
import { formatDate } from '../../../../domain/format';
import type { DirectMessage } from '../../../../domain/message';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { messagesStrings } from '../strings';

const t = messagesStrings;

const COLUMNS: DataColumn<DirectMessage>[] = [
  { id: 'from', header: t.columns.from, cell: (message) => message.userName },
  {
    id: 'title',
    header: t.columns.title,
    cell: (message) => (
      <>
        {message.dmTitle}{' '}
        {message.dmRead ? null : (
          <Badge colorPalette="red" size="xs">
            {t.unread}
          </Badge>
        )}
      </>
    ),
  },
  {
    id: 'date',
    header: t.columns.date,
    cell: (message) => formatDate(message.dmDate),
    cellProps: { whiteSpace: 'nowrap' },
  },
];

/** From, title, date; unread rows are bold. A row opens the message by click or Enter. */
export function MessageTable({
  messages,
  onOpen,
}: {
  messages: DirectMessage[];
  onOpen: (message: DirectMessage) => void;
}) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={messages}
      rowKey={(message) => message.dmId}
      empty={t.empty}
      rowLabel={(message) => t.open(message.dmTitle, message.userName)}
      rowProps={(message) => ({
        fontWeight: message.dmRead ? 'normal' : 'bold',
        'data-unread': message.dmRead ? undefined : 'true',
      })}
      onRowOpen={onOpen}
    />
  );
}
