import { Table, Text } from '@chakra-ui/react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { CenteredSpinner } from './centered-spinner';
import { LoadError } from './load-error';

type CellStyle = Omit<Table.CellProps, 'children'>;
/** Row attributes a caller may add: styles, and data-* hooks for tests and state. */
type RowExtras = Omit<Table.RowProps, 'children'> & {
  [data: `data-${string}`]: string | undefined;
};

export interface DataColumn<Row> {
  /** Stable key of the column among its siblings. */
  id: string;
  /** The heading; null for a column without one (row buttons). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  width?: Table.ColumnHeaderProps['width'];
  align?: 'start' | 'center' | 'end';
  /** Styles of this column's cells, fixed or per row (red text for a row's error). */
  cellProps?: CellStyle | ((row: Row) => CellStyle);
  /** A sortable column: the heading is a button and the header cell carries aria-sort. */
  sort?: { direction: 'ascending' | 'descending' | null; label: string; onSort: () => void };
}

export interface DataTableProps<Row> {
  columns: ReadonlyArray<DataColumn<Row>>;
  /** Undefined while there is nothing to show yet (loading or failed). */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** The data is on its way: a spinner named by loadingLabel stands for the table. */
  loading?: boolean;
  loadingLabel?: string;
  /** The data failed to load: the error stands for the table. */
  error?: unknown;
  /** Said when there are no rows; without it an empty table keeps its headers. */
  empty?: ReactNode;
  /** 'text' (default): the empty text replaces the table; 'row': the headers stay, the text in one row. */
  emptyAs?: 'text' | 'row';
  /** Rows open something: each is focusable, named by rowLabel, and opens by click, Enter or Space. */
  onRowOpen?: (row: Row) => void;
  rowLabel?: (row: Row) => string;
  rowProps?: (row: Row) => RowExtras;
  /** Buttons at the end of each row, in a last column without heading. */
  rowActions?: (row: Row) => ReactNode;
}

const CONTROLS = 'a, button, input, select, textarea, [role="button"]';

/** A click on a link or button inside an opening row is that control's, not the row's. */
function fromInnerControl(event: MouseEvent<HTMLElement>): boolean {
  if (!(event.target instanceof Element)) return false;
  const control = event.target.closest(CONTROLS);
  return control !== null && control !== event.currentTarget;
}

function SortButton({
  header,
  sort,
}: {
  header: ReactNode;
  sort: NonNullable<DataColumn<unknown>['sort']>;
}) {
  const mark = sort.direction === 'descending' ? ' ▼' : sort.direction === 'ascending' ? ' ▲' : '';
  return (
    <button
      type="button"
      aria-label={sort.label}
      onClick={sort.onSort}
      style={{ fontWeight: 'inherit' }}
    >
      {header}
      {mark}
    </button>
  );
}

/**
 * The app's one table: columns declared once (heading, cell, width, alignment), rows keyed, with
 * its loading, error and empty states. It fetches nothing; callers hand it their rows.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  loading = false,
  loadingLabel = '',
  error,
  empty,
  emptyAs = 'text',
  onRowOpen,
  rowLabel,
  rowProps,
  rowActions,
}: DataTableProps<Row>) {
  if (loading) return <CenteredSpinner label={loadingLabel} />;
  if (error !== undefined && error !== null) return <LoadError error={error} />;
  if (rows === undefined) return null;
  if (rows.length === 0 && empty !== undefined && emptyAs === 'text') {
    return <Text color="fg.muted">{empty}</Text>;
  }

  const width = columns.length + (rowActions ? 1 : 0);
  const open = onRowOpen;
  const openProps = (row: Row): Table.RowProps =>
    open === undefined
      ? {}
      : {
          tabIndex: 0,
          cursor: 'pointer',
          'aria-label': rowLabel?.(row),
          onClick: (event: MouseEvent<HTMLTableRowElement>) => {
            if (!fromInnerControl(event)) open(row);
          },
          onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
            // Enter on a link inside the row is the link's.
            if (event.target !== event.currentTarget) return;
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              open(row);
            }
          },
        };

  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive={open !== undefined}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader
                key={column.id}
                width={column.width}
                textAlign={column.align}
                aria-sort={column.sort?.direction ?? undefined}
              >
                {column.sort ? (
                  <SortButton header={column.header} sort={column.sort} />
                ) : (
                  column.header
                )}
              </Table.ColumnHeader>
            ))}
            {rowActions ? <Table.ColumnHeader /> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 && empty !== undefined ? (
            <Table.Row>
              <Table.Cell colSpan={width} color="fg.muted">
                {empty}
              </Table.Cell>
            </Table.Row>
          ) : null}
          {rows.map((row) => (
            <Table.Row key={rowKey(row)} {...openProps(row)} {...rowProps?.(row)}>
              {columns.map((column) => (
                <Table.Cell
                  key={column.id}
                  textAlign={column.align}
                  {...(typeof column.cellProps === 'function'
                    ? column.cellProps(row)
                    : column.cellProps)}
                >
                  {column.cell(row)}
                </Table.Cell>
              ))}
              {rowActions ? <Table.Cell>{rowActions(row)}</Table.Cell> : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
