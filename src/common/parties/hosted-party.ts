/**
 * The party this device hosts, kept in localStorage so a reload keeps following it: the
 * player (queue dialog, party link) and the party page (ending it) share it here.
 */
export interface HostedParty {
  partyId: number;
  token: string;
  link: string;
}

const KEY = 'party-hosted';
const listeners = new Set<(party: HostedParty | null) => void>();

export function readHostedParty(): HostedParty | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { partyId, token, link } = value as Record<string, unknown>;
    return typeof partyId === 'number' && typeof token === 'string' && typeof link === 'string'
      ? { partyId, token, link }
      : null;
  } catch {
    return null;
  }
}

export function setHostedParty(party: HostedParty | null): void {
  try {
    if (party === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(party));
  } catch {
    // Private mode or a full quota: this page still follows the party until it reloads.
  }
  for (const listener of listeners) listener(party);
}

/** Calls `listener` when this device starts or stops hosting (in this tab or another). */
export function onHostedPartyChange(listener: (party: HostedParty | null) => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === KEY) listener(readHostedParty());
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}
