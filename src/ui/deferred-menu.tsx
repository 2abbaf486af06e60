import { Menu } from '@chakra-ui/react';
import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';

type TriggerProps = Record<string, unknown> & { onClick?: (event: unknown) => void };

/**
 * A Chakra menu that starts its state machine only when first opened. A page of tiles or
 * file rows has one menu each, and starting them all cost more main-thread time on the first
 * render than the rest of the page (issue 9). Until then the trigger renders alone, announced
 * as a closed menu button; its first click (or Enter/Space) mounts the menu already open.
 */
export function DeferredMenu({
  trigger,
  children,
  ...rootProps
}: Omit<Menu.RootProps, 'children' | 'defaultOpen'> & {
  trigger: ReactElement<TriggerProps>;
  /** The positioner and content, as inside Menu.Root. */
  children: ReactNode;
}) {
  const [started, setStarted] = useState(false);
  if (!started) {
    return cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: (event: unknown) => {
        trigger.props.onClick?.(event);
        setStarted(true);
      },
    });
  }
  return (
    <Menu.Root defaultOpen {...rootProps}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      {children}
    </Menu.Root>
  );
}
