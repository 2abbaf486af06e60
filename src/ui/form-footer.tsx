import { Button, Dialog, HStack, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { primaryButtonProps } from './primary-button-props';

/** primary: the teal call to action; danger: red, for what cannot be undone; quiet: outlined. */
export type SubmitTone = 'primary' | 'danger' | 'quiet';

const TONES: Record<SubmitTone, ButtonProps> = {
  primary: primaryButtonProps,
  danger: { colorPalette: 'red' },
  quiet: { variant: 'outline' },
};

export interface FormFooterProps {
  /** The main action; without it the footer only offers Cancel (a notice's Close). */
  submitLabel?: ReactNode;
  /**
   * Without it the main button submits the form around it (so Enter in a field does too); with
   * it the button is a plain button calling it (a dialog without a form).
   */
  onSubmit?: () => void;
  canSubmit?: boolean;
  submitting?: boolean;
  tone?: SubmitTone;
  cancelLabel?: string;
  onCancel?: () => void;
  /** Shown first, apart from Cancel and the main action (a delete button, "Create new"). */
  start?: ReactNode;
  /** The last attempt's failure, said above the buttons (page forms; dialogs say it in the body). */
  error?: unknown;
  /** In a dialog the buttons sit in its footer, at the end. */
  inDialog?: boolean;
  size?: ButtonProps['size'];
  /** Outside dialogs the buttons start at the left; 'end' puts them right (a filter popover). */
  align?: 'start' | 'end';
}

/** The end of every form: its error, Cancel when there is one, and the main action. */
export function FormFooter({
  submitLabel,
  onSubmit,
  canSubmit = true,
  submitting = false,
  tone = 'primary',
  cancelLabel,
  onCancel,
  start,
  error,
  inDialog = false,
  size,
  align = 'start',
}: FormFooterProps) {
  const buttons = (
    <>
      {/* In a dialog the extra action stands apart, at the start. */}
      {start !== undefined && inDialog ? (
        <HStack gap="3" me="auto">
          {start}
        </HStack>
      ) : (
        start
      )}
      {cancelLabel !== undefined && onCancel ? (
        <Button type="button" variant="outline" size={size} onClick={onCancel}>
          {cancelLabel}
        </Button>
      ) : null}
      {submitLabel !== undefined ? (
        <Button
          type={onSubmit ? 'button' : 'submit'}
          {...TONES[tone]}
          size={size}
          loading={submitting}
          disabled={!canSubmit}
          onClick={onSubmit ? () => onSubmit() : undefined}
        >
          {submitLabel}
        </Button>
      ) : null}
    </>
  );
  if (inDialog) return <Dialog.Footer flexWrap="wrap">{buttons}</Dialog.Footer>;
  return (
    <>
      {error !== undefined && error !== null ? <LoadError error={error} /> : null}
      <HStack gap="3" flexWrap="wrap" justify={align === 'end' ? 'flex-end' : 'flex-start'}>
        {buttons}
      </HStack>
    </>
  );
}
