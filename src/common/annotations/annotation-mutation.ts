import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { notify, notifyError } from '../../lib/notify';
import type { SendResult } from '../../lib/outbox';
import { strings } from '../../lib/strings';
import { annotationStrings } from '../../lib/strings/annotations';

/**
 * What favourites and ratings do once their call is settled. Sent: read the list again, but
 * only when no other change of the same list is still under way (its answer would otherwise
 * briefly undo that change on screen). Queued: say so and leave the cache as it is, since a
 * refetch now would undo the change; the outbox refreshes the annotations once it has sent
 * it (routes/__root.tsx).
 */
export function afterAnnotationCall(
  queryClient: QueryClient,
  key: QueryKey,
  result: SendResult | undefined,
): void {
  if (result === 'queued') {
    notify(annotationStrings.queuedOffline);
    return;
  }
  // Inside onSettled the settling mutation still counts as pending.
  if (queryClient.isMutating({ mutationKey: key }) <= 1)
    void queryClient.invalidateQueries({ queryKey: key });
}

/** A refusal by the server flips the control back; the toast says why. */
export function reportRefusal(error: unknown): void {
  notifyError(strings.errors.generic, {
    description: error instanceof Error ? error.message : undefined,
  });
}
