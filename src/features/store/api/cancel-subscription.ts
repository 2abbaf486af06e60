import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * DELETE /api/payments/subscription. The page reloads afterwards (spec part 2, section 4), so
 * there is nothing to invalidate; a failure shows the red toast.
 */
export function useCancelSubscription() {
  return useMutation({
    mutationFn: () => api('DELETE', '/api/payments/subscription'),
    onSuccess: () => window.location.reload(),
  });
}
