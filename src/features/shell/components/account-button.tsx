import { Badge, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { strings } from '../../../lib/strings';
import { UserIcon } from '../../../ui/icons';

/** The account button with the unread-message badge; the menu it opens loads after first paint. */
export function AccountButton({ unread, ...rest }: { unread: number } & IconButtonProps) {
  return (
    <IconButton aria-label={strings.header.account} variant="ghost" position="relative" {...rest}>
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
