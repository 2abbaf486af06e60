import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DialogShellProps {
  open: boolean;
  onClose: () => void;
  size?: Dialog.RootProps['size'];
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  placement?: Dialog.RootProps['placement'];
  /** alertdialog for questions before something that cannot be undone. */
  role?: Dialog.RootProps['role'];
  /** False while the dialog must stay (work in progress): Escape and outside clicks do nothing. */
  dismissible?: boolean;
  /** The corner close button, named by closeLabel when given; off where the footer says it. */
  closeButton?: boolean;
  closeLabel?: string;
  /** Off for a full-screen dialog, which covers the page anyway. */
  backdrop?: boolean;
  /**
   * The button that opens the dialog, wired as its trigger (aria-haspopup, aria-expanded, focus
   * returns to it); clicking it calls onOpen.
   */
  trigger?: ReactNode;
  onOpen?: () => void;
  /** Named for screen readers when the content has no Dialog.Title. */
  'aria-label'?: string;
  'data-testid'?: string;
  /** Mounted only while open, so every opening starts from fresh state. */
  children: ReactNode;
}

/** A modal with a backdrop and a close button: the frame every app dialog shares. */
export function DialogShell({
  open,
  onClose,
  size,
  scrollBehavior,
  placement = 'center',
  role,
  dismissible = true,
  closeButton = true,
  closeLabel,
  backdrop = true,
  trigger,
  onOpen,
  children,
  ...rest
}: DialogShellProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (details.open) onOpen?.();
        else if (dismissible) onClose();
      }}
      placement={placement}
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
      {...(role === undefined ? {} : { role })}
      {...(size === undefined ? {} : { size })}
      {...(scrollBehavior === undefined ? {} : { scrollBehavior })}
    >
      {trigger === undefined ? null : <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        {backdrop ? <Dialog.Backdrop /> : null}
        <Dialog.Positioner>
          <Dialog.Content aria-label={rest['aria-label']} data-testid={rest['data-testid']}>
            {open ? children : null}
            {closeButton ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton
                  size="sm"
                  {...(closeLabel === undefined ? {} : { 'aria-label': closeLabel })}
                />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
