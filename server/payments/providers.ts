import type { PaymentProvider } from '../../domain/settings';
import type { PaymentsConfig } from '../config';
import type { ExternalProvider } from './provider';
import { SellixProvider } from './sellix';
import { StripeProvider } from './stripe';

/** The providers this server has keys for; balance needs none. */
export class PaymentProviders {
  private readonly external = new Map<'stripe' | 'sellix', ExternalProvider>();

  constructor(config: PaymentsConfig) {
    if (config.stripe !== null) this.external.set('stripe', new StripeProvider(config.stripe));
    if (config.sellix !== null) this.external.set('sellix', new SellixProvider(config.sellix));
  }

  configured(name: PaymentProvider): boolean {
    return name === 'balance' || this.external.has(name);
  }

  /** The setting's list without the providers that could not take a payment here. */
  offered(enabled: readonly PaymentProvider[]): PaymentProvider[] {
    return enabled.filter((name) => this.configured(name));
  }

  get(name: string): ExternalProvider | undefined {
    return name === 'stripe' || name === 'sellix' ? this.external.get(name) : undefined;
  }
}
