import { Box, Flex } from '@chakra-ui/react';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePublicSettings, useSession } from '../../../common/session';
import { AppDrawer, DRAWER_WIDTH } from './app-drawer';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ConfirmEmailBanner } from './confirm-email-banner';
import { useShellTop } from '../hooks/use-shell-top';

/**
 * Header, left drawer (signed-in only), the page, and the footer. Public settings and the
 * session are loaded here on start (GET /api/settings/public and GET /api/user).
 */
export function AppShell({ topBanner }: { topBanner?: ReactNode }) {
  const { data: session } = useSession();
  const { data: settings } = usePublicSettings();
  const signedIn = Boolean(session);
  const topRef = useShellTop();

  return (
    <Flex direction="column" minH="100dvh">
      {/* The banner (offline) takes its own space above the header instead of covering it. */}
      <Box ref={topRef} position="sticky" top="0" zIndex="sticky">
        {topBanner}
        <AppHeader session={session} />
      </Box>
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
          {session ? <ConfirmEmailBanner session={session} /> : null}
          <Outlet />
        </Box>
        <AppFooter />
      </Flex>
    </Flex>
  );
}
