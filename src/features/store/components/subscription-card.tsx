import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDate } from '../../../../domain/format';
import { storeStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LoadError } from '../../../ui/load-error';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscription } from '../api/get-subscription';
import { SectionCard } from './section-card';

const t = storeStrings.subscription;

/** The current subscription, its product, next charge and cancel control (page reloads after). */
export function SubscriptionCard() {
  const subscription = useSubscription();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);

  if (subscription.isPending) return <CenteredSpinner label={t.heading} />;
  if (subscription.isError) return <LoadError error={subscription.error} />;
  const current = subscription.data;

  return (
    <SectionCard title={t.heading} headingLevel="h2" testId="subscription-card">
      {current === null ? (
        <Text color="fg.muted">{t.none}</Text>
      ) : (
        <Stack gap="2">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold">{current.product.productTitle}</Text>
            <Badge colorPalette={current.subscriptionActive ? 'green' : 'gray'}>
              {current.subscriptionActive ? t.active : t.cancelled}
            </Badge>
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            {current.subscriptionActive && current.subscriptionNextCharge
              ? t.nextCharge(formatDate(current.subscriptionNextCharge))
              : t.noNextCharge}
          </Text>
          {current.subscriptionActive ? (
            <Button
              alignSelf="start"
              variant="outline"
              colorPalette="red"
              onClick={() => setConfirming(true)}
            >
              {t.cancel}
            </Button>
          ) : null}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        body={t.confirmBody}
        confirmLabel={t.confirm}
        cancelLabel={t.keep}
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onError: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </SectionCard>
  );
}
