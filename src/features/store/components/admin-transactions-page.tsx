import { Stack } from '@chakra-ui/react';
import { storeStrings } from '../../../lib/strings';
import { PageHeading } from '../../../ui/page-heading';
import { TransactionList } from './transaction-list';

const t = storeStrings.adminTransactions;

/** /admin/transactions: every user's transactions, newest first, with a button to load more. */
export function AdminTransactionsPage() {
  return (
    // Full width like the other admin pages (roles, users, servers): the table has many columns.
    <Stack gap="6">
      <PageHeading title={t.title}>{t.prompt}</PageHeading>
      <TransactionList scope="all" loadMoreLabel={t.load} />
    </Stack>
  );
}
