import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../../domain/format';
import type { PaymentProvider } from '../../../../domain/settings';
import { queryKeys } from '../../../common/query-keys';
import { usePublicSettings, useSession } from '../../../common/session';
import { notifySuccess } from '../../../lib/notify';
import { libraryStrings } from '../../../lib/strings';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import { LoadError } from '../../../ui/load-error';
import { usePay } from '../api/checkout';
import {
  offeredProviders,
  requestPrice,
  requestTitle,
  type PaymentRequest,
} from '../payment-request';
import { PurchaseIntro } from './purchase-intro';

const t = libraryStrings.purchase;

/**
 * The payment-method chooser of collections (tile, collection page, full-screen player) and
 * store products: the enabled providers, balance only when the user's balance covers the price
 * (spec part 1, section 5). A balance purchase closes the dialog at once, says so in green and
 * refreshes the user and every collection query, so the page shows the unlocked state without
 * the spec's reload (issue 30; decision 0045); other providers continue at the checkout address.
 */
export function PaymentChooser({
  request,
  onClose,
}: {
  request: PaymentRequest | null;
  onClose: () => void;
}) {
  const { data: session } = useSession();
  const { data: settings } = usePublicSettings();
  const queryClient = useQueryClient();
  const buy = usePay();
  const price = request ? requestPrice(request) : Infinity;
  const providers = offeredProviders(
    settings?.paymentProviders ?? [],
    session?.user.userBalance ?? 0,
    price,
  );

  // Nothing to choose is never a bare Cancel: the dialog says why and, when a top-up would
  // help, where to do it.
  const enabled = settings?.paymentProviders ?? [];
  // Without a provider that takes money, a top-up cannot help: only an administrator can.
  const notSetUp = providers.length === 0 && !enabled.some((name) => name !== 'balance');
  const balanceShort = providers.length === 0 && !notSetUp && enabled.includes('balance');

  const close = () => {
    buy.reset();
    onClose();
  };

  const choose = (provider: PaymentProvider) => {
    if (!request) return;
    buy.mutate(
      { request, provider },
      {
        onSuccess: async ({ checkoutUrl }) => {
          if (provider !== 'balance' && checkoutUrl) {
            window.location.assign(checkoutUrl);
            return;
          }
          close();
          notifySuccess(t.purchased);
          await Promise.all(
            [
              queryKeys.session.all,
              queryKeys.collections.all,
              queryKeys.home.all,
              queryKeys.store.all,
            ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
          );
        },
      },
    );
  };

  const label = (provider: PaymentProvider): string => {
    switch (provider) {
      case 'balance':
        return t.balance(formatMoney(session?.user.userBalance ?? 0));
      case 'stripe':
        return t.stripe;
      case 'sellix':
        return t.sellix;
    }
  };

  return (
    <DialogShell open={request !== null} onClose={close}>
      <Dialog.Header>
        <Dialog.Title>{t.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Text fontWeight="medium">{request ? requestTitle(request) : null}</Text>
          {request ? <PurchaseIntro request={request} onDone={close} /> : null}
          {providers.length === 0 ? (
            <Text data-testid="chooser-unavailable">
              {notSetUp
                ? t.notSetUp
                : balanceShort
                  ? t.balanceShort(formatMoney(session?.user.userBalance ?? 0))
                  : t.none}
            </Text>
          ) : null}
          {notSetUp && request ? (
            <Button asChild colorPalette="brand" variant="outline" onClick={close}>
              <Link to="/dms" search={{ new: true, subject: t.askSubject(requestTitle(request)) }}>
                {t.askAdmin}
              </Link>
            </Button>
          ) : null}
          {balanceShort ? (
            <Button asChild colorPalette="brand" onClick={close}>
              <Link to="/store">{t.topUp}</Link>
            </Button>
          ) : null}
          {providers.map((provider) => (
            <Button
              key={provider}
              variant="outline"
              loading={buy.isPending && buy.variables.provider === provider}
              disabled={buy.isPending}
              onClick={() => choose(provider)}
            >
              {label(provider)}
            </Button>
          ))}
          {buy.isError ? <LoadError error={buy.error} /> : null}
        </Stack>
      </Dialog.Body>
      <FormFooter
        inDialog
        cancelLabel={providers.length === 0 ? t.close : t.cancel}
        onCancel={close}
      />
    </DialogShell>
  );
}
