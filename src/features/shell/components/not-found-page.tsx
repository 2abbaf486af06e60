import { Button, Stack, Text, Heading } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { strings } from '../../../lib/strings';

/** Unknown paths, for everyone; rendered inside the shell. */
export function NotFoundPage() {
  return (
    <Stack gap="4" align="flex-start" py="10">
      <Heading as="h1" size="2xl">
        {strings.notFound.title}
      </Heading>
      <Text color="fg.muted">{strings.notFound.body}</Text>
      <Button asChild colorPalette="teal">
        <Link to="/">{strings.notFound.home}</Link>
      </Button>
    </Stack>
  );
}
