import type { HealthRepository } from './health.repository';

/** What /readyz asks of the database; built once by server/root. */
export class HealthService {
  constructor(private readonly repo: HealthRepository) {}

  /** One round trip to the database; throws when it cannot be reached. */
  database(): Promise<void> {
    return this.repo.ping();
  }
}
