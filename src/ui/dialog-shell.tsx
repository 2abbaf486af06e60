import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DialogShellProps {
  open: boolean;
  onClose: () => void;
  size?: Dialog.RootProps['size'];
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  /** Named for screen readers when the content has no Dialog.Title. */
  'aria-label'?: string;
  /** Mounted only while open, so every opening starts from fresh state. */
  children: ReactNode;
}

/** A centred modal with a backdrop and a close button: the frame every app dialog shares. */
export function DialogShell({
  open,
  onClose,
  size,
  scrollBehavior,
  children,
  ...rest
}: DialogShellProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      {...(size === undefined ? {} : { size })}
      {...(scrollBehavior === undefined ? {} : { scrollBehavior })}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label={rest['aria-label']}>
            {open ? children : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
