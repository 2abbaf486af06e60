import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { drawerVisibility, type DrawerVisibility } from '../../../../domain/access';
import type { PublicSettings } from '../../../../domain/settings';
import type { UserWithRole } from '../../../../domain/user';
import { strings } from '../../../lib/strings';
import {
  AdminIcon,
  BrowseIcon,
  CommentsIcon,
  FavouritesIcon,
  HistoryIcon,
  HomeIcon,
  OfflineIcon,
  PlaylistIcon,
  PodcastIcon,
  RequestIcon,
  RolesIcon,
  ServersIcon,
  StationIcon,
  StoreIcon,
  SupportIcon,
  TransactionsIcon,
  UploadIcon,
  UsersIcon,
  YearIcon,
} from '../../../ui/nav-icons';
import { isEntryActive } from '../nav-active';
import { closeDrawerAtom, drawerOpenAtom } from '../state';
import { useMediaQuery } from '../../../lib/use-media-query';
import { SHELL_TOP } from '../hooks/use-shell-top';

export const DRAWER_WIDTH = '200px';
/** Chakra's `md` breakpoint (theme.ts): from here on the drawer is always shown. */
const PERMANENT_QUERY = '(min-width: 1024px)';

type Entry = {
  to: string;
  label: string;
  icon: ReactNode;
  show: (v: DrawerVisibility | null) => boolean;
};

const t = strings.drawer;
const always = () => true;
const entries: readonly Entry[] = [
  { to: '/', label: t.home, icon: <HomeIcon />, show: always },
  { to: '/browse', label: t.browse, icon: <BrowseIcon />, show: (v) => Boolean(v?.browse) },
  { to: '/requests', label: t.requests, icon: <RequestIcon />, show: (v) => Boolean(v?.requests) },
  {
    to: '/playlists',
    label: t.playlists,
    icon: <PlaylistIcon />,
    show: (v) => Boolean(v?.playlists),
  },
  // Liked tracks are the liked playlist: whoever has playlists has favourites.
  {
    to: '/favourites',
    label: t.favourites,
    icon: <FavouritesIcon />,
    show: (v) => Boolean(v?.playlists),
  },
  // Listening history and the year in review (issue 48): what one plays of the library.
  { to: '/history', label: 'History', icon: <HistoryIcon />, show: (v) => Boolean(v?.browse) },
  { to: '/year', label: 'Your year', icon: <YearIcon />, show: (v) => Boolean(v?.browse) },
  // Podcasts need the role right (issue 49); internet radio is every signed-in user's.
  { to: '/podcasts', label: 'Podcasts', icon: <PodcastIcon />, show: (v) => Boolean(v?.podcasts) },
  { to: '/radio-stations', label: 'Radio', icon: <StationIcon />, show: (v) => v !== null },
  { to: '/upload', label: t.upload, icon: <UploadIcon />, show: (v) => Boolean(v?.upload) },
  {
    to: '/user-upload',
    label: t.userUpload,
    icon: <UploadIcon />,
    show: (v) => Boolean(v?.userUpload),
  },
  { to: '/store', label: t.store, icon: <StoreIcon />, show: (v) => Boolean(v?.store) },
  { to: '/support', label: t.support, icon: <SupportIcon />, show: always },
  { to: '/offline', label: 'Offline', icon: <OfflineIcon />, show: always },
];
const adminEntries: readonly Entry[] = [
  { to: '/admin/roles', label: t.roles, icon: <RolesIcon />, show: (v) => Boolean(v?.admin) },
  { to: '/admin/servers', label: t.servers, icon: <ServersIcon />, show: (v) => Boolean(v?.admin) },
  { to: '/admin/users', label: t.users, icon: <UsersIcon />, show: (v) => Boolean(v?.admin) },
  { to: '/admin/settings', label: t.settings, icon: <AdminIcon />, show: (v) => Boolean(v?.admin) },
  {
    to: '/admin/comments',
    label: t.comments,
    icon: <CommentsIcon />,
    show: (v) => Boolean(v?.admin),
  },
  {
    to: '/admin/transactions',
    label: t.transactions,
    icon: <TransactionsIcon />,
    show: (v) => Boolean(v?.admin),
  },
];

function DrawerLink({ entry, pathname }: { entry: Entry; pathname: string }) {
  const active = isEntryActive(entry.to, pathname);
  return (
    <Box
      asChild
      display="block"
      px="3"
      py="2"
      borderRadius="md"
      fontWeight={active ? 'semibold' : 'normal'}
      bg={active ? 'brand.muted' : undefined}
      color={active ? 'brand.fg' : 'fg'}
      _hover={{ bg: active ? 'brand.muted' : 'bg.muted' }}
    >
      {/* The router sets aria-current="page" with the same rule as isEntryActive. */}
      <Link to={entry.to} activeOptions={{ exact: entry.to === '/', includeSearch: false }}>
        <HStack as="span" gap="3">
          {entry.icon}
          <span>{entry.label}</span>
        </HStack>
      </Link>
    </Box>
  );
}

/**
 * Left navigation, signed-in only, 200 px wide: a toggled overlay up to 1023 px, always shown
 * from 1024 px (Chakra's `md` breakpoint is set to 1024 px in the theme).
 */
export function AppDrawer({
  session,
  settings,
}: {
  session: UserWithRole;
  settings: PublicSettings | undefined;
}) {
  const open = useAtomValue(drawerOpenAtom);
  const permanent = useMediaQuery(PERMANENT_QUERY);
  const close = useSetAtom(closeDrawerAtom);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const visibility = settings ? drawerVisibility(session.user, session.role, settings) : null;

  // The overlay closes when a link is followed or Escape is pressed.
  useEffect(() => {
    close();
  }, [pathname, close]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, close]);

  const admin = adminEntries.filter((entry) => entry.show(visibility));

  return (
    <>
      {open ? (
        <Box
          display={{ base: 'block', md: 'none' }}
          position="fixed"
          inset="0"
          top={SHELL_TOP}
          bg="blackAlpha.600"
          zIndex="overlay"
          onClick={() => close()}
          aria-hidden="true"
        />
      ) : null}
      <Box
        as="nav"
        id="app-drawer"
        aria-label={t.label}
        data-testid="app-drawer"
        position="fixed"
        top={SHELL_TOP}
        bottom="0"
        left="0"
        w={DRAWER_WIDTH}
        overflowY="auto"
        bg="bg.panel"
        borderRightWidth="1px"
        zIndex={{ base: 'modal', md: 'docked' }}
        display={{ base: open ? 'block' : 'none', md: 'block' }}
        p="2"
      >
        {/* Its links exist only while it is shown: closed on a phone, they were some 80 elements
            that every page rendered and styled for nothing (issue 9: total blocking time). */}
        {open || permanent ? (
          <Stack gap="0.5">
            {entries
              .filter((entry) => entry.show(visibility))
              .map((entry) => (
                <DrawerLink key={entry.to} entry={entry} pathname={pathname} />
              ))}
            {admin.length > 0 ? (
              <>
                <Text
                  px="3"
                  pt="4"
                  pb="1"
                  textStyle="xs"
                  fontWeight="semibold"
                  color="fg.muted"
                  textTransform="uppercase"
                >
                  {t.adminHeading}
                </Text>
                {admin.map((entry) => (
                  <DrawerLink key={entry.to} entry={entry} pathname={pathname} />
                ))}
              </>
            ) : null}
          </Stack>
        ) : null}
      </Box>
    </>
  );
}
