import { Badge, Button, Popover, Portal } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

/**
 * One filter pop-up: a trigger showing the filter's name (solid and with a summary when the
 * filter narrows the search) and a floating panel. The panel mounts only while open, so its
 * draft state starts fresh from the current filter each time.
 */
export function FilterPopover({
  label,
  active,
  summary,
  children,
}: {
  label: string;
  active: boolean;
  summary?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root
      lazyMount
      unmountOnExit
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-start' }}
    >
      <Popover.Trigger asChild>
        <Button
          size="sm"
          variant={active ? 'solid' : 'outline'}
          data-active={active ? 'true' : undefined}
        >
          {label}
          {active && summary ? (
            <Badge size="sm" variant="surface" maxW="32" truncate>
              {summary}
            </Badge>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="xs" maxW="calc(100vw - 24px)" aria-label={label}>
            <Popover.Arrow />
            <Popover.Body p="3">{children(() => setOpen(false))}</Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
