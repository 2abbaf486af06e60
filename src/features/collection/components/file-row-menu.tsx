import { Menu, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MoreIcon } from '../../../ui/action-icons';
import { DeferredMenu } from '../../../ui/deferred-menu';
import { StrokeIcon } from '../../../ui/icons';
import { RowIconButton } from './row-icon-button';

/** One action of a file row, shown as an icon button or as a menu entry. */
export interface RowAction {
  value: string;
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

/** The action as a list of zero or one, so rows can spread only the actions they offer. */
export function rowAction(
  value: string,
  label: string,
  icon: ReactNode,
  onSelect: (() => void) | undefined,
  danger = false,
): RowAction[] {
  return onSelect ? [{ value, label, icon, onSelect, danger }] : [];
}

/** A picture frame, for "use this file's cover". */
export const CoverIcon = () => (
  <StrokeIcon width="1.2em" height="1.2em">
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </StrokeIcon>
);

/**
 * A "more" button opening the given actions, then `extra` entries (a phone row's rating);
 * nothing when there are none.
 */
export function FileRowMenu({
  label,
  actions,
  extra,
}: {
  label: string;
  actions: RowAction[];
  extra?: ReactNode;
}) {
  if (actions.length === 0 && !extra) return null;
  return (
    <DeferredMenu
      positioning={{ placement: 'bottom-end' }}
      trigger={
        <RowIconButton label={label}>
          <MoreIcon />
        </RowIconButton>
      }
    >
      <Portal>
        <Menu.Positioner>
          {/* Entries name the file, so on a phone they wrap rather than run off the screen. */}
          <Menu.Content maxW="calc(100vw - 1rem)">
            {actions.map((action) => (
              <Menu.Item
                key={action.value}
                value={action.value}
                color={action.danger ? 'fg.error' : undefined}
                whiteSpace="normal"
                onSelect={action.onSelect}
              >
                {action.icon} {action.label}
              </Menu.Item>
            ))}
            {extra && actions.length > 0 ? <Menu.Separator /> : null}
            {extra}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </DeferredMenu>
  );
}
