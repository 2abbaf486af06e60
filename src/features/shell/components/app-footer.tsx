import { Box, Button, Flex, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { strings } from '../../../lib/strings';
import { useFooterOffset } from '../hooks/use-footer-offset';

const t = strings.footer;
const links = [
  { to: '/tos', label: t.tos },
  { to: '/privacy-notice', label: t.privacy },
  { to: '/cookie-policy', label: t.cookies },
  { to: '/data-processing', label: t.dataProcessing },
  { to: '/dmca', label: t.dmca },
  { to: '/contact', label: t.contact },
] as const;

function showBuildTime() {
  window.alert(strings.buildAlert(__BUILD_TIME__));
}

export function AppFooter() {
  const offset = useFooterOffset();
  return (
    <Box
      as="footer"
      data-testid="app-footer"
      mt="auto"
      mb={offset}
      px="4"
      pt="8"
      pb="2"
      textStyle="sm"
      color="fg.muted"
    >
      <Flex as="nav" aria-label={t.label} wrap="wrap" gap="4" justify="center">
        {links.map((link) => (
          <ChakraLink key={link.to} asChild color="fg.muted">
            <Link to={link.to}>{link.label}</Link>
          </ChakraLink>
        ))}
      </Flex>
      {/* Reads "© 2026 Musicbox"; the product name shows the build time when clicked. */}
      <Text textAlign="center" mt="2">
        {strings.copyrightPrefix}{' '}
        <Button
          variant="plain"
          size="xs"
          px="0"
          h="auto"
          minW="0"
          verticalAlign="baseline"
          fontSize="inherit"
          fontWeight="inherit"
          color="fg.muted"
          onClick={showBuildTime}
        >
          {strings.appName}
        </Button>
      </Text>
    </Box>
  );
}
