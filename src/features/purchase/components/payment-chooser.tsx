import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../../domain/format';
import type { PaymentProvider } from '../../../../domain/settings';
import { sessionQuery, usePublicSettings, useSession } from '../../../common/session';
import { notifySuccess } from '../../../lib/notify';
import { libraryStrings, storeStrings } from '../../../lib/strings';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import { LoadError } from '../../../ui/load-error';
import { usePay } from '../api/checkout';
import {
  isProductPurchase,
  offeredProviders,
  requestPrice,
  requestTitle,
  type PaymentRequest,
} from '../payment-request';

const t = libraryStrings.purchase;

/** Spec part 1, section 9: the page reloads 2.5 s after a balance purchase. */
const RELOAD_AFTER_PURCHASE_MS = 2500;

/**
 * The payment-method chooser of collections (tile, collection page, full-screen player) and
 * store products: the enabled providers, balance only when the user's balance covers the price
 * (spec part 1, section 5). Balance purchases refresh the user, say so in green and reload;
 * other providers continue at the checkout address.
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
  const balanceShort =
    providers.length === 0 && (settings?.paymentProviders ?? []).includes('balance');

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
          await queryClient.refetchQueries({ queryKey: sessionQuery().queryKey });
          notifySuccess(t.purchased);
          window.setTimeout(() => window.location.reload(), RELOAD_AFTER_PURCHASE_MS);
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
          <Text>
            {request && isProductPurchase(request)
              ? storeStrings.chooser.productIntro(formatMoney(price))
              : t.intro(formatMoney(request ? price : 0))}
          </Text>
          {request && !isProductPurchase(request) && request.transcode ? (
            <Text color="fg.muted">{t.introTranscode}</Text>
          ) : null}
          {providers.length === 0 ? (
            <Text data-testid="chooser-unavailable">
              {balanceShort ? t.balanceShort(formatMoney(session?.user.userBalance ?? 0)) : t.none}
            </Text>
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
