import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { strings } from '../../../lib/strings';
import { useOnline } from '../../../lib/use-online';

/**
 * A route whose code or loader failed, rendered inside the shell so the menu and the player
 * stay usable. Offline, it says why and tries again as soon as the network returns.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  useEffect(() => console.error(error), [error]);
  const router = useRouter();
  const online = useOnline();
  const retry = useCallback(() => {
    reset();
    void router.invalidate();
  }, [reset, router]);
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  const t = strings.pageError;
  return (
    <Stack gap="4" align="flex-start" py="10" role="alert">
      <Heading as="h1" size="2xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{online ? t.body : t.offline}</Text>
      <Button colorPalette="teal" onClick={retry}>
        {t.retry}
      </Button>
    </Stack>
  );
}
