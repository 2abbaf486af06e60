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
  clipSummary = true,
  children,
}: {
  label: string;
  active: boolean;
  summary?: string;
  /** False for summaries that must be read whole (a date range). */
  clipSummary?: boolean;
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
          flexShrink={0}
          data-active={active ? 'true' : undefined}
        >
          {label}
          {active && summary ? (
            <Badge
              size="sm"
              variant="surface"
              maxW={clipSummary ? '32' : 'none'}
              truncate={clipSummary}
            >
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
