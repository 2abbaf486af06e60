import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDate, formatMoney } from '../../../../domain/format';
import type { Transaction } from '../../../../domain/store';
import { storeStrings } from '../../../lib/strings';

const t = storeStrings.history;

const PROVIDER_NAME = { stripe: 'Stripe', sellix: 'Sellix', balance: 'balance' } as const;

function whatWasBought(transaction: Transaction): string {
  switch (transaction.transactionKind) {
    case 'topup':
      return t.topUp;
    case 'dormant_fee':
      return t.dormantFee;
    case 'adjustment':
      return t.adjustment;
    case 'renewal':
      return `${transaction.product?.productTitle ?? t.deleted} (${t.renewal})`;
    case 'purchase':
      return transaction.product?.productTitle ?? t.deleted;
  }
}

/** One transaction: date, (for admins) user, product, provider and status, amount and fee. */
export function TransactionCard({
  transaction,
  showUser,
}: {
  transaction: Transaction;
  showUser: boolean;
}) {
  const status = transaction.checkout.checkoutStatus;
  return (
    <Stack
      as="li"
      gap="1"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg="bg.panel"
      data-testid="transaction-card"
    >
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Text fontWeight="semibold">{whatWasBought(transaction)}</Text>
        <Text color="fg.muted" fontSize="sm" asChild>
          <time dateTime={transaction.transactionDate}>
            {formatDate(transaction.transactionDate)}
          </time>
        </Text>
      </HStack>
      {showUser ? (
        <Text fontSize="sm">{t.user(transaction.userName, transaction.transactionUserId)}</Text>
      ) : null}
      <HStack gap="3" fontSize="sm" color="fg.muted" flexWrap="wrap">
        <Text>{t.amount(formatMoney(transaction.transactionAmount))}</Text>
        {showUser ? <Text>{t.fee(formatMoney(transaction.transactionFee))}</Text> : null}
        <Text>{t.provider(PROVIDER_NAME[transaction.checkout.checkoutProvider])}</Text>
        <Badge colorPalette={status === 'paid' ? 'green' : status === 'failed' ? 'red' : 'yellow'}>
          {t.status[status]}
        </Badge>
      </HStack>
    </Stack>
  );
}
