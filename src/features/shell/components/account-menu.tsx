import { Badge, Box, Flex, Menu, Portal, Separator, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { mayUseUserUpload } from '../../../../domain/access';
import { formatDate, formatLimit, formatMoney, formatSpeed } from '../../../../domain/format';
import type { UserWithRole } from '../../../../domain/user';
import { strings } from '../../../lib/strings';
import { useLogout } from '../api/logout';
import { AccountButton } from './account-button';

const t = strings.accountMenu;

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" gap="4" px="2" py="1.5" textStyle="sm">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="medium">{children}</Text>
    </Flex>
  );
}

/**
 * The account menu (spec part 1, shell). Default export: the header loads it lazily, since the
 * menu machinery (positioning, dismissal) is a tenth of the first-load JavaScript.
 */
export default function AccountMenu({
  session,
  unread,
  defaultOpen = false,
}: {
  session: UserWithRole;
  unread: number;
  defaultOpen?: boolean;
}) {
  const { user, role } = session;
  const logout = useLogout();

  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) => {
        if (details.value === 'logout') logout.mutate();
      }}
    >
      <Menu.Trigger asChild>
        <AccountButton unread={unread} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64">
            <Box px="2" py="1.5">
              <Text fontWeight="semibold">{user.userName}</Text>
            </Box>
            <Menu.Item value="account" asChild>
              <Link to="/user/$id" params={{ id: String(user.userId) }}>
                {t.myAccount}
              </Link>
            </Menu.Item>
            <Menu.Item value="messages" asChild>
              <Link to="/dms">
                <Box flex="1">{t.messages}</Box>
                <Badge
                  colorPalette={unread > 0 ? 'red' : 'gray'}
                  aria-label={strings.header.unreadMessages(unread)}
                >
                  {unread}
                </Badge>
              </Link>
            </Menu.Item>
            {mayUseUserUpload(user, role) ? (
              <Menu.Item value="user-upload" asChild>
                <Link to="/user-upload">{t.userUpload}</Link>
              </Menu.Item>
            ) : null}
            <Separator my="1" />
            <Menu.Item value="role" asChild>
              <Link to="/store">
                <Box flex="1" color="fg.muted">
                  {t.role}
                </Box>
                <Text fontWeight="medium">{role.roleName}</Text>
              </Link>
            </Menu.Item>
            <InfoRow label={t.expires}>
              {user.roleExpiration ? formatDate(user.roleExpiration) : t.never}
            </InfoRow>
            <InfoRow label={t.balance}>{formatMoney(user.userBalance ?? 0)}</InfoRow>
            <InfoRow label={t.downloads}>
              {formatLimit(user.remainingDownloads, role.roleDownloadLimit)}
            </InfoRow>
            <InfoRow label={t.requests}>
              {formatLimit(user.remainingRequests, role.roleRequestLimit)}
            </InfoRow>
            <InfoRow label={t.speed}>{formatSpeed(role.roleSpeedLimit)}</InfoRow>
            <Separator my="1" />
            <Menu.Item value="logout" disabled={logout.isPending}>
              {t.logout}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
