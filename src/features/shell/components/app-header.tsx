import { Box, Button, Flex, IconButton, Image } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import type { UserWithRole } from '../../../../domain/user';
import { strings } from '../../../lib/strings';
import { toggleDarkMode, useDarkMode } from '../../../ui/color-mode';
import { MenuIcon, MoonIcon, SunIcon } from '../../../ui/icons';
import { useUnreadCount } from '../api/get-unread-count';
import { drawerOpenAtom, toggleDrawerAtom } from '../state';
import { AccountButton } from './account-button';
import { HeaderSearch } from './header-search';
import { loadWhenOnline } from '../../../lib/load-when-online';

export const HEADER_HEIGHT = '56px';

const AccountMenu = lazy(() => loadWhenOnline(() => import('./account-menu')));

export function AppHeader({ session }: { session: UserWithRole | null | undefined }) {
  const dark = useDarkMode();
  const toggleDrawer = useSetAtom(toggleDrawerAtom);
  const drawerOpen = useAtomValue(drawerOpenAtom);
  const unread = useUnreadCount(session?.user.userId);
  // A click before the menu's code has arrived opens it once it is there.
  const [openOnLoad, setOpenOnLoad] = useState(false);

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      h={HEADER_HEIGHT}
      bg="bg.panel"
      borderBottomWidth="1px"
    >
      <Flex h="full" align="center" gap="2" px={{ base: '2', md: '4' }}>
        {session ? (
          // Small screens only: at 1024 px and above the drawer is always shown.
          <IconButton
            aria-label={strings.header.toggleDrawer}
            aria-expanded={drawerOpen}
            aria-controls="app-drawer"
            variant="ghost"
            display={{ base: 'inline-flex', md: 'none' }}
            onClick={() => toggleDrawer()}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        {/* The brand leads home when signed in (the login page otherwise). */}
        <Link to={session ? '/' : '/login'} aria-label={strings.header.logo}>
          <Flex align="center" gap="2" fontWeight="bold" fontSize="lg" flexShrink={0}>
            <Image src="/icons/icon-192.png" alt="" boxSize="8" borderRadius="md" />
            <Box as="span" display={{ base: 'none', sm: 'inline' }}>
              {strings.appName}
            </Box>
          </Flex>
        </Link>
        {session ? <HeaderSearch /> : null}
        <IconButton
          aria-label={strings.header.toggleDarkMode}
          variant="ghost"
          // Pushes the buttons to the right edge; the search field takes the space before it.
          ms="auto"
          onClick={toggleDarkMode}
        >
          {dark ? <SunIcon /> : <MoonIcon />}
        </IconButton>
        {session ? (
          <Suspense
            fallback={<AccountButton unread={unread} onClick={() => setOpenOnLoad(true)} />}
          >
            <AccountMenu session={session} unread={unread} defaultOpen={openOnLoad} />
          </Suspense>
        ) : (
          <Button asChild size="sm" colorPalette="teal">
            <Link to="/login">{strings.header.login}</Link>
          </Button>
        )}
      </Flex>
    </Box>
  );
}
