import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useSession } from '../../../common/session';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LoadError } from '../../../ui/load-error';
import { primaryButtonProps } from '../../../ui/primary-button-props';
import { useRequest } from '../api/get-request';
import { useDeleteRequest, useEditRequest, useFillRequest } from '../api/save-request';
import { requestsStrings } from '../strings';
import { EditRequestDialog } from './edit-request-dialog';
import { FillDialog } from './fill-dialog';
import { RequestDetails } from './request-details';

const t = requestsStrings;

/**
 * /requests/{id}: the details, fill (or show-collection once filled), edit for the author and
 * administrators, delete for administrators, and the comments the route renders below.
 */
export function RequestDetailPage({
  requestId,
  renderComments,
}: {
  requestId: number;
  renderComments: (groupId: number) => ReactNode;
}) {
  const detail = useRequest(requestId);
  const { data: session } = useSession();
  const fill = useFillRequest(requestId);
  const edit = useEditRequest(requestId);
  const remove = useDeleteRequest(requestId);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'fill' | 'edit' | 'delete' | null>(null);

  if (detail.isPending) return <CenteredSpinner label={t.detail.loading} />;
  if (detail.isError) return <LoadError error={detail.error} />;
  const { request } = detail.data;
  const isAdmin = session?.user.isAdmin === true;
  const canEdit = isAdmin || (session !== null && session?.user.userId === request.userId);
  const close = () => setDialog(null);

  return (
    <Stack gap="6">
      <Button asChild variant="ghost" size="sm" alignSelf="start">
        <Link to="/requests">← {t.detail.back}</Link>
      </Button>
      <Heading as="h1" size="2xl">
        {request.requestName}
      </Heading>
      <Flex gap="3" wrap="wrap">
        {request.requestCollectionId === null ? (
          <Button {...primaryButtonProps} onClick={() => setDialog('fill')}>
            {t.detail.fill}
          </Button>
        ) : (
          <Button asChild {...primaryButtonProps}>
            <Link
              to="/collection/$id"
              params={{
                id: String(request.requestCollectionId),
                collectionId: request.requestCollectionId,
              }}
            >
              {t.detail.showCollection}
            </Link>
          </Button>
        )}
        {canEdit ? (
          <Button variant="outline" onClick={() => setDialog('edit')}>
            {t.detail.edit}
          </Button>
        ) : null}
        {isAdmin ? (
          <Button variant="outline" colorPalette="red" onClick={() => setDialog('delete')}>
            {t.detail.delete}
          </Button>
        ) : null}
      </Flex>
      <RequestDetails detail={detail.data} />
      {renderComments(request.commentGroupId)}

      <FillDialog
        open={dialog === 'fill'}
        busy={fill.isPending}
        onClose={close}
        onPick={(collectionId) =>
          fill.mutate(collectionId, {
            onSuccess: () => {
              notifySuccess(t.fill.filled);
              close();
            },
          })
        }
      />
      <EditRequestDialog
        request={request}
        open={dialog === 'edit'}
        saving={edit.isPending}
        onClose={close}
        onSave={(body) =>
          edit.mutate(body, {
            onSuccess: () => {
              notifySuccess(t.edit.saved);
              close();
            },
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t.detail.confirmDelete}
        body={t.detail.confirmDeleteBody}
        confirmLabel={t.detail.delete}
        cancelLabel={t.detail.cancel}
        loading={remove.isPending}
        onClose={close}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(t.detail.deleted);
              void navigate({ to: '/requests' });
            },
          })
        }
      />
    </Stack>
  );
}
