import type {
  PaymentProviderStatus,
  PaymentsCheck,
  PaymentsStatus,
} from '../../../domain/payments-status';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../../domain/settings';
import type { AppDeps } from '../../app-deps';
import { WEBHOOK_PREFIX } from './webhook-prefix';

type StatusDeps = Pick<AppDeps, 'config' | 'settings' | 'providers'>;

/** Stripe tells test keys by their prefix (secret and restricted keys alike). */
const isStripeTestKey = (key: string): boolean => /^(sk|rk)_test_/.test(key);

/**
 * The administrators' "Payments" status: read from the configuration and the settings, never
 * a key's value. The check makes one harmless authenticated read at the provider.
 */
export class PaymentsStatusService {
  constructor(private readonly deps: StatusDeps) {}

  async status(): Promise<PaymentsStatus> {
    const enabled = (await this.deps.settings.get()).paymentProviders;
    const providers = PAYMENT_PROVIDERS.map((name) => this.providerStatus(name, enabled));
    return {
      providers,
      canTakePayments: providers.some((p) => p.provider !== 'balance' && p.enabled && p.configured),
    };
  }

  async check(name: 'stripe' | 'sellix'): Promise<PaymentsCheck> {
    const provider = this.deps.providers.get(name);
    const testMode = this.testMode(name);
    if (provider === undefined) {
      const missing = this.deps.config.payments.missing[name].join(', ');
      return { provider: name, ok: false, testMode, message: `Not configured: set ${missing}` };
    }
    try {
      await provider.check();
      return { provider: name, ok: true, testMode, message: 'The provider accepted the key' };
    } catch (error) {
      return { provider: name, ok: false, testMode, message: (error as Error).message };
    }
  }

  private providerStatus(
    name: PaymentProvider,
    enabled: readonly PaymentProvider[],
  ): PaymentProviderStatus {
    const external = name !== 'balance';
    return {
      provider: name,
      enabled: enabled.includes(name),
      configured: this.deps.providers.configured(name),
      missing: external ? this.deps.config.payments.missing[name] : [],
      webhookUrl: external ? `${this.deps.config.publicUrl}${WEBHOOK_PREFIX}${name}` : null,
      testMode: external ? this.testMode(name) : null,
    };
  }

  private testMode(name: 'stripe' | 'sellix'): boolean | null {
    const stripe = this.deps.config.payments.stripe;
    if (name === 'stripe') return stripe === null ? null : isStripeTestKey(stripe.secretKey);
    return null;
  }
}
