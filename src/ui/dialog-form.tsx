import { Dialog } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { FormFooter } from './form-footer';

/**
 * A dialog's form: title, fields, then Cancel and the primary action. Submitting (Enter or the
 * button) calls onSubmit only when canSubmit; the event stops here so a dialog opened from
 * inside another form does not submit that one too.
 */
export function DialogForm({
  title,
  cancelLabel,
  submitLabel,
  canSubmit,
  submitting,
  onSubmit,
  onCancel,
  footerStart,
  children,
}: {
  title: ReactNode;
  cancelLabel: string;
  submitLabel: string;
  canSubmit: boolean;
  submitting: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** Shown at the start of the footer, apart from Cancel and submit (e.g. a delete button). */
  footerStart?: ReactNode;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (canSubmit && !submitting) onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <FormFooter
        inDialog
        start={footerStart}
        cancelLabel={cancelLabel}
        onCancel={onCancel}
        submitLabel={submitLabel}
        canSubmit={canSubmit}
        submitting={submitting}
      />
    </form>
  );
}
