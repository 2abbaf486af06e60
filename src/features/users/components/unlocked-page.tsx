import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useUnlocked } from '../api/user-queries';
import { usersStrings } from '../strings';
import { UnlockedCard } from './unlocked-card';

const t = usersStrings.unlocked;

/** /user/{id}/unlocked: cards, 100 at a time; "Load more" only while a page may follow. */
export function UnlockedPage({ id }: { id: number }) {
  const unlocked = useUnlocked(id);
  if (unlocked.isPending) return <CenteredSpinner label={usersStrings.loading} />;
  if (unlocked.isError) return <LoadError error={unlocked.error} />;
  const collections = unlocked.data.pages.flat();
  return (
    <Stack gap="4">
      <PageHeading title={t.title}>{t.intro}</PageHeading>
      <Link to="/user/$id" params={{ id: String(id) }}>
        <Text color="teal.fg" textDecoration="underline">
          {t.back}
        </Text>
      </Link>
      {collections.length === 0 ? <Text color="fg.muted">{t.empty}</Text> : null}
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="3">
        {collections.map((collection) => (
          <li key={collection.collectionId}>
            <UnlockedCard collection={collection} />
          </li>
        ))}
      </SimpleGrid>
      {/* Offered only while there may be more: an empty or complete list has nothing to load. */}
      {unlocked.hasNextPage && collections.length > 0 ? (
        <Button
          alignSelf="center"
          variant="outline"
          loading={unlocked.isFetchingNextPage}
          onClick={() => void unlocked.fetchNextPage()}
        >
          {t.loadMore}
        </Button>
      ) : null}
    </Stack>
  );
}
