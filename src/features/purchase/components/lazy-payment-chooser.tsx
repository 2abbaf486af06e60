import { lazy, Suspense } from 'react';
import type { PaymentRequest } from '../payment-request';
import { loadWhenOnline } from '../../../lib/load-when-online';

const PaymentChooser = lazy(() =>
  loadWhenOnline(() =>
    import('./payment-chooser').then((module) => ({ default: module.PaymentChooser })),
  ),
);

/**
 * The payment chooser, loaded when a purchase first asks for it: pages with a buy button do not
 * wait for the store's code to show.
 */
export function LazyPaymentChooser({
  request,
  onClose,
}: {
  request: PaymentRequest | null;
  onClose: () => void;
}) {
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <PaymentChooser request={request} onClose={onClose} />
    </Suspense>
  );
}
