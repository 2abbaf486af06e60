import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { requireSession } from '../app/guards';
import { productsQuery } from '../features/store/api/get-products';
import { StorePage } from '../features/store/components/store-page';
import { PaymentChooser } from '../features/purchase/components/payment-chooser';
import type { ProductPurchaseRequest } from '../features/purchase/payment-request';

/** /store: the store feature with the shared payment chooser composed in for its Buy buttons. */
export const Route = createFileRoute('/store')({
  beforeLoad: async (args) => {
    await requireSession(args);
  },
  loader: ({ context }) => {
    // Start the request early; the page shows its own loading and error states.
    void context.queryClient.prefetchQuery(productsQuery());
  },
  component: StoreRoute,
});

function StoreRoute() {
  const [buying, setBuying] = useState<ProductPurchaseRequest | null>(null);
  return (
    <>
      <StorePage onBuy={setBuying} />
      <PaymentChooser request={buying} onClose={() => setBuying(null)} />
    </>
  );
}
