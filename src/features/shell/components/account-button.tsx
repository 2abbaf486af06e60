import { Badge, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { strings } from '../../../lib/strings';
import { UserIcon } from '../../../ui/icons';

/**
 * The account button with the unread-message badge; the menu it opens loads after first paint.
 * With a badge, its name says the count too ("Account, 1 unread message"), so the visible
 * number is part of the accessible name.
 */
export function AccountButton({ unread, ...rest }: { unread: number } & IconButtonProps) {
  const label =
    unread > 0
      ? `${strings.header.account}, ${strings.header.unreadMessages(unread)}`
      : strings.header.account;
  return (
    <IconButton aria-label={label} variant="ghost" position="relative" {...rest}>
      <UserIcon />
      {unread > 0 ? (
        <Badge
          position="absolute"
          top="0"
          right="0"
          colorPalette="red"
          variant="solid"
          borderRadius="full"
          size="xs"
          data-testid="unread-badge"
        >
          {unread}
        </Badge>
      ) : null}
    </IconButton>
  );
}
