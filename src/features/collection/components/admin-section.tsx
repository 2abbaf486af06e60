import { Button, Flex, Heading, Spinner, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { Collection } from '../../../../domain/collection';
import { notifySuccess } from '../../../lib/notify';
import { libraryStrings } from '../../../lib/strings';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useDeleteCollection, useReimport } from '../api/admin-actions';

const t = libraryStrings.admin;

// The form's sixteen fields (pickers, tag editors) were nearly as many components as the rest of
// the page (579 against 845): it loads and renders when asked for, as metadata editors do.
const CollectionEditForm = lazy(() =>
  import('./collection-edit-form').then((module) => ({ default: module.CollectionEditForm })),
);

const EDIT_FORM_ID = 'collection-edit';

/** Admin only: reimport (with or without post-actions), upload, delete, and the metadata form. */
export function AdminSection({
  collection,
  collectionTags,
}: {
  collection: Collection;
  collectionTags: readonly string[];
}) {
  const id = collection.collectionId;
  const navigate = useNavigate();
  const reimport = useReimport(id);
  const remove = useDeleteCollection(id);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);

  const runReimport = (post: boolean) =>
    reimport.mutate(post, { onSuccess: () => notifySuccess(t.reimported) });

  const deleteCollection = () =>
    remove.mutate(undefined, {
      onSuccess: async () => {
        setConfirming(false);
        // Spec: after deleting, go to /browse and reload, so no screen shows the stale collection.
        await navigate({ to: '/browse' });
        window.location.reload();
      },
    });

  return (
    <Stack
      as="section"
      gap="4"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      aria-labelledby="collection-admin"
    >
      <Heading as="h2" size="lg" id="collection-admin">
        {t.heading}
      </Heading>
      <Flex gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          loading={reimport.isPending && reimport.variables}
          onClick={() => runReimport(true)}
        >
          {t.reimport}
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={reimport.isPending && !reimport.variables}
          onClick={() => runReimport(false)}
        >
          {t.reimportNoPost}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void navigate({ to: '/upload/$id', params: { id: String(id) } })}
        >
          {t.upload}
        </Button>
        <Button size="sm" colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
          {t.delete}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-expanded={editing}
          aria-controls={editing ? EDIT_FORM_ID : undefined}
          onClick={() => setEditing((open) => !open)}
        >
          {t.editHeading}
        </Button>
      </Flex>
      {editing && (
        <Suspense fallback={<Spinner size="sm" alignSelf="start" aria-label={t.editLoading} />}>
          <CollectionEditForm
            key={collection.collectionId}
            id={EDIT_FORM_ID}
            collection={collection}
            collectionTags={collectionTags}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.confirmDeleteTitle}
        body={t.confirmDeleteBody}
        confirmLabel={t.confirm}
        cancelLabel={t.cancel}
        loading={remove.isPending}
        onConfirm={deleteCollection}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
