import { Box, Flex } from '@chakra-ui/react';
import { Outlet } from '@tanstack/react-router';
import { usePublicSettings, useSession } from '../../../app/session';
import { AppDrawer, DRAWER_WIDTH } from './app-drawer';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

/**
 * Header, left drawer (signed-in only), the page, and the footer. Public settings and the
 * session are loaded here on start (GET /api/settings/public and GET /api/user).
 */
export function AppShell() {
  const { data: session } = useSession();
  const { data: settings } = usePublicSettings();
  const signedIn = Boolean(session);

  return (
    <Flex direction="column" minH="100dvh">
      <AppHeader session={session} />
      {session ? <AppDrawer session={session} settings={settings} /> : null}
      <Flex
        direction="column"
        flex="1"
        ml={signedIn ? { base: '0', md: DRAWER_WIDTH } : '0'}
        minW="0"
      >
        <Box
          as="main"
          flex="1"
          px={{ base: '3', md: '6' }}
          py={{ base: '4', md: '6' }}
          w="full"
          maxW="7xl"
          mx="auto"
        >
          <Outlet />
        </Box>
        <AppFooter />
      </Flex>
    </Flex>
  );
}
