import { hash, verify } from '@node-rs/argon2';
import { coreShare } from '../cluster/processes';
import { WorkGate } from './work-gate';

// Algorithm is a const enum in the typings; 2 is Argon2id (isolatedModules forbids the enum).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Every argon2 hash and verify in the process passes this gate: each takes ~20 MB and tens of
 * milliseconds of a core, so a few at a time keep the CPU for everything else, and a short
 * queue answers 503 to a flood instead of making real sign-ins wait behind it. Two per machine,
 * not per process: several processes (PROCESSES) each take their share of the cores.
 */
export const passwordWork = new WorkGate(Math.min(2, coreShare()), 32);

export const hashPassword = (password: string): Promise<string> =>
  passwordWork.run(() => hash(password, OPTIONS));

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return passwordWork.run(async () => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so unknown accounts cost as much time as known ones. */
export async function verifyDummy(password: string): Promise<void> {
  // Outside the gate: a refusal here would be remembered as a rejected promise for good.
  dummyHash ??= hash('dummy-password-for-timing', OPTIONS);
  await verifyPassword(await dummyHash, password);
}
