import { Button } from '@chakra-ui/react';
import { ConfirmDialog } from './confirm-dialog';

/** The red "Revoke" of a row of credentials or links (app passwords, share links ...). */
export function RevokeButton({
  label,
  text,
  onClick,
}: {
  /** What a screen reader hears: names the row, since every row has the same button. */
  label: string;
  text: string;
  onClick: () => void;
}) {
  return (
    <Button size="xs" variant="outline" colorPalette="red" aria-label={label} onClick={onClick}>
      {text}
    </Button>
  );
}

/**
 * The question before a row is revoked: open while `row` is set; confirming runs `revoke` on
 * it, and the dialog closes whether that worked or not (a failure has its own toast).
 */
export function RevokeConfirm<Row>({
  row,
  title,
  body,
  confirmLabel,
  cancelLabel,
  loading,
  revoke,
  onClose,
}: {
  row: Row | null;
  title: (row: Row) => string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  loading: boolean;
  revoke: (row: Row, done: () => void) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={row !== null}
      title={row === null ? '' : title(row)}
      body={body}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      loading={loading}
      onConfirm={() => {
        if (row !== null) revoke(row, onClose);
      }}
      onClose={onClose}
    />
  );
}
