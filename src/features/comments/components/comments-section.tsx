import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSession } from '../../../common/session';
import { libraryStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LoadError } from '../../../ui/load-error';
import {
  useComments,
  useDeleteComment,
  useEditComment,
  usePendingComments,
  usePostComment,
} from '../api/comments';
import { CommentForm } from './comment-form';
import { CommentItem, type CommentActions } from './comment-item';

const t = libraryStrings.comments;

/** The comments of one comment group (a collection's): list, post, reply, edit, delete. */
export function CommentsSection({ groupId }: { groupId: number }) {
  const { data: session } = useSession();
  const comments = useComments(groupId);
  const post = usePostComment(groupId);
  const pending = usePendingComments(groupId);
  const edit = useEditComment(groupId);
  const remove = useDeleteComment(groupId);
  const [deleting, setDeleting] = useState<number | null>(null);

  // Resolve to whether it worked: failures are swallowed, the form just stays as it was.
  const succeeded = (run: Promise<unknown>) =>
    run.then(
      () => true,
      () => false,
    );
  const actions: CommentActions | null = session
    ? {
        viewer: { userId: session.user.userId, isAdmin: session.user.isAdmin },
        reply: (parentId, body) => succeeded(post.mutateAsync({ body, reply: parentId })),
        edit: (commentId, content) => succeeded(edit.mutateAsync({ commentId, content })),
        remove: setDeleting,
        busy: post.isPending || edit.isPending,
      }
    : null;

  return (
    <Box as="section" aria-labelledby={`comments-${groupId}`}>
      <Heading as="h2" size="lg" mb="3" id={`comments-${groupId}`}>
        {t.title}
      </Heading>
      {actions ? (
        <CommentForm
          label={t.label}
          submitLabel={t.post}
          loading={post.isPending}
          onSubmit={(body) => succeeded(post.mutateAsync({ body, reply: null }))}
        />
      ) : null}
      {actions && pending.data && pending.data.length > 0 ? (
        <Stack
          as="section"
          aria-label={t.pendingTitle}
          gap="2"
          mt="4"
          data-testid="pending-comments"
        >
          {pending.data.map((comment, index) => (
            <Box key={index} borderWidth="1px" borderStyle="dashed" borderRadius="md" p="3">
              <Text whiteSpace="pre-wrap">{comment.body}</Text>
              <Text textStyle="sm" color="fg.muted" mt="1">
                {t.pending}
              </Text>
            </Box>
          ))}
        </Stack>
      ) : null}
      <Box mt="4">
        {comments.isPending ? (
          <CenteredSpinner label={t.loading} />
        ) : comments.isError ? (
          <LoadError error={comments.error} />
        ) : comments.data.length === 0 ? (
          <Text color="fg.muted">{t.empty}</Text>
        ) : actions ? (
          <Stack gap="1" data-testid="comment-list">
            {comments.data.map((comment) => (
              <CommentItem key={comment.commentId} comment={comment} actions={actions} />
            ))}
          </Stack>
        ) : null}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title={t.confirmDeleteTitle}
        body={t.confirmDeleteBody}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) remove.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
      />
    </Box>
  );
}
