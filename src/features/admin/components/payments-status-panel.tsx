import { Badge, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import type { PaymentProviderStatus } from '../../../../domain/payments-status';
import { adminStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { LoadError } from '../../../ui/load-error';
import { useCheckPayments, usePaymentsStatus } from '../api/payments-status';
import { SettingsGroup } from './settings-inputs';

const t = adminStrings.payments;

/**
 * The "Payments" status (issue 30): which providers are ready, the variables a provider still
 * needs (names only), the webhook address to paste, test or live keys, and a key check.
 */
export function PaymentsStatusPanel() {
  const status = usePaymentsStatus();
  return (
    <SettingsGroup id="settings-payments" title={t.title}>
      <Text color="fg.muted">{t.intro}</Text>
      {status.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : status.isError ? (
        <LoadError error={status.error} />
      ) : (
        <Stack gap="4">
          {status.data.canTakePayments ? null : (
            <Text data-testid="payments-no-provider">{t.noProvider}</Text>
          )}
          {status.data.providers.map((provider) => (
            <ProviderStatus key={provider.provider} status={provider} />
          ))}
        </Stack>
      )}
    </SettingsGroup>
  );
}

function stateOf(status: PaymentProviderStatus): { label: string; palette: string } {
  if (!status.configured) return { label: t.notConfigured, palette: 'red' };
  if (!status.enabled) {
    return {
      label: status.provider === 'balance' ? t.offInSettings : t.offOnlyInSettings,
      palette: 'orange',
    };
  }
  return { label: t.ready, palette: 'green' };
}

function ProviderStatus({ status }: { status: PaymentProviderStatus }) {
  const check = useCheckPayments();
  const name = t.names[status.provider];
  const state = stateOf(status);
  const external = status.provider !== 'balance' ? status.provider : null;
  return (
    <Stack
      as="article"
      aria-label={name}
      gap="2"
      borderTopWidth="1px"
      paddingTop="3"
      data-testid={`payments-${status.provider}`}
    >
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="semibold">{name}</Text>
        <Badge colorPalette={state.palette}>{state.label}</Badge>
        {status.testMode === null ? null : (
          <Badge variant="outline">{status.testMode ? t.testKeys : t.liveKeys}</Badge>
        )}
      </HStack>
      {external === null ? <Text color="fg.muted">{t.balanceNote}</Text> : null}
      {status.missing.length > 0 ? (
        <Text>
          {t.missing}{' '}
          {status.missing.map((variable) => (
            <Code key={variable} marginEnd="1">
              {variable}
            </Code>
          ))}
        </Text>
      ) : null}
      {status.webhookUrl === null ? null : (
        <Stack gap="1">
          <Text>{t.webhook}</Text>
          <Code wordBreak="break-all" width="fit-content" maxWidth="full">
            {status.webhookUrl}
          </Code>
        </Stack>
      )}
      {external === null ? null : (
        <HStack gap="3" wrap="wrap">
          <Button
            variant="outline"
            size="sm"
            loading={check.isPending}
            onClick={() => check.mutate(external)}
          >
            {t.check(name)}
          </Button>
          {check.data ? (
            <Text role="status" color={check.data.ok ? 'fg.success' : 'fg.error'}>
              {check.data.ok
                ? t.checkOk(check.data.message, check.data.testMode)
                : t.checkFailed(check.data.message)}
            </Text>
          ) : null}
        </HStack>
      )}
    </Stack>
  );
}
