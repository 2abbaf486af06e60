import { Heading, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** One section of the Favourites page: its heading, then its items or its empty text. */
export function FavouritesSection({
  title,
  empty,
  emptyText,
  action,
  testId,
  children,
}: {
  title: string;
  /** Nothing to list: the empty text stands in for the items. */
  empty: boolean;
  emptyText: string;
  /** Beside the heading (Play all). */
  action?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId} data-testid={testId}>
      <Stack direction="row" gap="3" align="center" wrap="wrap">
        <Heading as="h2" size="lg" id={headingId}>
          {title}
        </Heading>
        {empty ? null : action}
      </Stack>
      {empty ? (
        <Text color="fg.muted" data-testid={`${testId}-empty`}>
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}
