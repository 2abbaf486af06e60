import { Button, Stack, Text } from '@chakra-ui/react';
import { storeStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { useTransactions } from '../api/get-transactions';
import { TransactionCard } from './transaction-card';

const t = storeStrings.history;

/**
 * Transactions newest first, a page at a time: the caller's own (store purchase history) or,
 * for administrators, every user's with the fee.
 */
export function TransactionList({
  scope,
  loadMoreLabel = t.loadMore,
}: {
  scope: 'mine' | 'all';
  loadMoreLabel?: string;
}) {
  const transactions = useTransactions(scope);
  if (transactions.isPending) return <CenteredSpinner label={t.heading} />;
  // A failed "load more" keeps the pages already shown; only a failed first page replaces them.
  if (!transactions.data) return <LoadError error={transactions.error} />;
  const items = transactions.data.pages.flatMap((page) => page.items);
  return (
    <Stack gap="3">
      {items.length === 0 ? (
        <Text color="fg.muted">{t.none}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" data-testid="transaction-list">
          {items.map((transaction) => (
            <TransactionCard
              key={transaction.transactionId}
              transaction={transaction}
              showUser={scope === 'all'}
            />
          ))}
        </Stack>
      )}
      {transactions.isFetchNextPageError ? <LoadError error={transactions.error} /> : null}
      {transactions.hasNextPage ? (
        <Button
          alignSelf="center"
          variant="outline"
          loading={transactions.isFetchingNextPage}
          onClick={() => void transactions.fetchNextPage()}
        >
          {loadMoreLabel}
        </Button>
      ) : null}
    </Stack>
  );
}
