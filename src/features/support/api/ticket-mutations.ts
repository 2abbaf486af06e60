import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TicketCreatedSchema,
  TicketDetailSchema,
  TicketRepliedSchema,
  type NewTicket,
  type TicketReply,
} from '../../../../domain/ticket';
import { deleteUpload } from '../../../common/uploads/uploads';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../common/query-keys';

/** PUT /api/ticket; errors show in the dialog, so the call is silent. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTicket) =>
      api('PUT', '/api/ticket', body, { schema: TicketCreatedSchema, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.support.list() }),
  });
}

/** PUT /api/ticket/{id}: a reply with the ids of already uploaded files. */
export function useReplyTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketReply) =>
      api('PUT', `/api/ticket/${id}`, body, { schema: TicketRepliedSchema, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.support.ticket(id) }),
  });
}

/** POST /api/ticket/{id} {open}: close or reopen; the red toast reports a failure. */
export function useSetTicketOpen(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (open: boolean) =>
      api('POST', `/api/ticket/${id}`, { open }, { schema: TicketDetailSchema }),
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.support.ticket(id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.support.list() }),
  });
}

/** DELETE /api/ticket/{id} (administrators). */
export function useDeleteTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE', `/api/ticket/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.support.ticket(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.support.list() });
    },
  });
}

/** DELETE /api/upload/{id}: how an administrator removes an attachment from a ticket. */
export function useDeleteAttachment(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: number) => deleteUpload(uploadId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.support.ticket(ticketId) }),
  });
}
