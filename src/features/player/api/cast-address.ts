import type { CastLink } from '../../../../domain/media';
import { api } from '../../../lib/api-client';

/**
 * POST /api/media/cast/{fileId}: a short-lived signed address of one track for a speaker, which
 * streams it without the user's cookie (issue 50). Asked right before the track loads: it
 * expires within the track's length plus a margin, so it is never kept for later.
 */
export async function castAddress(fileId: number): Promise<CastLink> {
  return api<CastLink>('POST', `/api/media/cast/${fileId}`, undefined, {
    // The engine's chunk need not carry zod for this one answer.
    schema: () => import('../../../../domain/media').then((m) => m.CastLinkSchema),
    // The engine says the track could not be played; one notice is enough.
    silent: true,
  });
}
