import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { notify } from '../../../lib/notify';
import { queryKeys } from '../../../common/query-keys';
import { storeStrings } from '../../../lib/strings';
import { withoutCheckoutReturn } from '../payment-request';

/** How often and how long to ask again while the provider's webhook is on its way. */
const POLL_EVERY_MS = 2000;
const POLL_TIMES = 6;

/**
 * Mounted by the root layout only when the page was opened with the marker. Back from a provider's checkout (`?checkout=done`): say the payment is being confirmed,
 * take the marker off the address (a reload must not say it again), and refresh the user,
 * unlocked collections and the store a few times, since the provider's webhook that fulfils
 * the purchase may arrive a moment after the buyer does.
 */
export function CheckoutReturn({ outcome }: { outcome: 'done' | 'cancelled' }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const announced = useRef(false);

  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    if (outcome === 'cancelled') notify(storeStrings.chooser.cancelled);
    else notify(storeStrings.chooser.returned, { description: storeStrings.chooser.returnedBody });
    router.history.replace(withoutCheckoutReturn(window.location));
  }, [router, outcome]);

  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.collections.unlockedAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.store.all });
    };
    refresh();
    let times = 1;
    const timer = window.setInterval(() => {
      refresh();
      times += 1;
      if (times >= POLL_TIMES) window.clearInterval(timer);
    }, POLL_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [queryClient]);

  return null;
}
