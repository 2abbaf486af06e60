import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../../../domain/format';
import type { PaymentProvider } from '../../../../domain/settings';
import { centsToUnits, MIN_TOP_UP_CENTS, topUpCents } from '../../../../domain/store-forms';
import { storeStrings } from '../../../lib/strings';
import { LoadError } from '../../../ui/load-error';
import { useTopUp, type TopUpInput } from '../api/top-up';
import { primaryButtonProps } from '../../../ui/primary-button-props';
import { SectionCard } from './section-card';

const t = storeStrings.topUp;
const MINIMUM = formatMoney(MIN_TOP_UP_CENTS);

/** Providers a top-up can go through: paying a top-up from the balance would add nothing. */
function topUpProviders(enabled: readonly PaymentProvider[]): TopUpInput['provider'][] {
  return enabled.filter((p): p is TopUpInput['provider'] => p !== 'balance');
}

/**
 * The balance top-up: an amount with two decimals, at least the minimum, sent x100 through
 * Stripe or Sellix; the provider's page comes back to the store.
 */
export function TopUpCard({
  balance,
  providers,
}: {
  balance: number;
  providers: readonly PaymentProvider[];
}) {
  const [amount, setAmount] = useState(centsToUnits(MIN_TOP_UP_CENTS));
  const [touched, setTouched] = useState(false);
  const topUp = useTopUp();
  const cents = topUpCents(amount);
  const choices = topUpProviders(providers);

  const start = (provider: TopUpInput['provider']) => {
    if (cents === null) return;
    topUp.mutate(
      { cents, provider },
      {
        onSuccess: (checkoutUrl) => {
          if (checkoutUrl) window.location.assign(checkoutUrl);
        },
      },
    );
  };

  return (
    <SectionCard title={t.heading} headingLevel="h2" testId="top-up-card">
      <Text color="fg.muted" fontSize="sm">
        {t.balance(formatMoney(balance))}
      </Text>
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          const first = choices[0];
          if (first) start(first);
        }}
      >
        <Field.Root invalid={touched && cents === null} required>
          <Field.Label>{t.amount}</Field.Label>
          <Input
            name="amount"
            inputMode="decimal"
            value={amount}
            maxLength={12}
            onChange={(e) => {
              setTouched(true);
              setAmount(e.target.value);
            }}
            onBlur={() => {
              // Shown as typed until it leaves the field, then with its two decimals.
              const parsed = topUpCents(amount);
              if (parsed !== null) setAmount(centsToUnits(parsed));
            }}
          />
          {touched && cents === null ? (
            <Field.ErrorText>{t.tooLow(MINIMUM)}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t.help(MINIMUM)}</Field.HelperText>
          )}
        </Field.Root>
        <HStack mt="3" gap="2" flexWrap="wrap">
          {choices.length === 0 ? <Text color="fg.muted">{t.none}</Text> : null}
          {choices.map((provider) => (
            <Button
              key={provider}
              type={provider === choices[0] ? 'submit' : 'button'}
              {...(provider === choices[0]
                ? primaryButtonProps
                : { colorPalette: 'teal', variant: 'outline' })}
              disabled={cents === null || topUp.isPending}
              loading={topUp.isPending && topUp.variables.provider === provider}
              onClick={provider === choices[0] ? undefined : () => start(provider)}
            >
              {t.pay(t[provider])}
            </Button>
          ))}
        </HStack>
      </form>
      {topUp.isError ? <LoadError error={topUp.error} /> : null}
    </SectionCard>
  );
}
