import { Box, Stack } from '@chakra-ui/react';
import type { Product } from '../../../../domain/store';
import { usePublicSettings, useSession } from '../../../common/session';
import { storeStrings } from '../../../lib/strings';
import { PageHeading } from '../../../ui/page-heading';
import { ProductList } from './product-list';
import { RoleCards } from './role-cards';
import { SectionHeading } from './section-heading';
import { SubscriptionCard } from './subscription-card';
import { TopUpCard } from './top-up-card';
import { TransactionList } from './transaction-list';

/**
 * /store (spec part 2, section 2): the subscription, the products, the top-up card, the
 * purchase history and the roles. Buying goes through the payment chooser the route composes.
 */
export function StorePage({ onBuy }: { onBuy: (product: Product) => void }) {
  const { data: session } = useSession();
  const { data: settings } = usePublicSettings();
  return (
    <Box maxW="6xl" mx="auto">
      <PageHeading title={storeStrings.store.title}>{storeStrings.store.intro}</PageHeading>
      <Stack gap="10">
        <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="stretch">
          <Box flex="1">
            <SubscriptionCard />
          </Box>
          <Box flex="1">
            <TopUpCard
              balance={session?.user.userBalance ?? 0}
              providers={settings?.paymentProviders ?? []}
            />
          </Box>
        </Stack>
        <ProductList isAdmin={session?.user.isAdmin ?? false} onBuy={onBuy} />
        <Stack as="section" gap="4" aria-labelledby="store-history">
          <SectionHeading id="store-history">{storeStrings.history.heading}</SectionHeading>
          <TransactionList scope="mine" />
        </Stack>
        <Stack as="section" gap="4" aria-labelledby="store-roles">
          <SectionHeading id="store-roles">{storeStrings.roles.heading}</SectionHeading>
          <RoleCards />
        </Stack>
      </Stack>
    </Box>
  );
}
