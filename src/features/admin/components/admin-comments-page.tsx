import { Box, Button, Card, Flex, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AdminComment } from '../../../../domain/comment';
import { formatDate } from '../../../../domain/format';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { loadedComments, useAdminComments, useDeleteAdminComment } from '../api/admin-comments';
import { adminCommentsStrings as t } from '../comments-strings';

/** Where a comment was posted: its collection or its request. */
function PostedOn({ comment }: { comment: AdminComment }) {
  if (comment.requestId !== null) {
    return (
      <ChakraLink asChild colorPalette="teal">
        <Link
          to="/requests/$id"
          params={{ id: String(comment.requestId), requestId: comment.requestId }}
        >
          {t.onRequest(comment.requestName ?? String(comment.requestId))}
        </Link>
      </ChakraLink>
    );
  }
  if (comment.collectionId !== null) {
    return (
      <ChakraLink asChild colorPalette="teal">
        <Link
          to="/collection/$id"
          params={{ id: String(comment.collectionId), collectionId: comment.collectionId }}
        >
          {t.onCollection(comment.collectionName ?? String(comment.collectionId))}
        </Link>
      </ChakraLink>
    );
  }
  return <Text color="fg.muted">{t.nowhere}</Text>;
}

/** /admin/comments: every comment newest first, 100 at a time, each with delete. */
export function AdminCommentsPage() {
  const comments = useAdminComments();
  const remove = useDeleteAdminComment();
  const [deleting, setDeleting] = useState<number | null>(null);
  const items = loadedComments(comments.data?.pages);
  const total = comments.data?.pages[0]?.total ?? 0;

  return (
    <Stack gap="4">
      <PageHeading title={t.title}>{t.intro}</PageHeading>
      {comments.isPending ? (
        <CenteredSpinner label={t.loading} />
      ) : comments.isError ? (
        <LoadError error={comments.error} />
      ) : items.length === 0 ? (
        <Text color="fg.muted">{t.empty}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="admin-comments">
          {items.map((comment) => (
            <Card.Root as="li" key={comment.commentId} size="sm">
              <Card.Body>
                <Flex gap="3" justify="space-between" align="start" wrap="wrap">
                  <Stack gap="1" minW="0" flex="1">
                    <PostedOn comment={comment} />
                    <Text fontSize="sm" color="fg.muted">
                      {t.by(comment.userName)} · {formatDate(comment.commentAdded)}
                    </Text>
                    <Text whiteSpace="pre-wrap" wordBreak="break-word">
                      {comment.commentContent}
                    </Text>
                  </Stack>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t.deleteLabel(comment.userName)}
                    onClick={() => setDeleting(comment.commentId)}
                  >
                    {t.delete}
                  </Button>
                </Flex>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
      {items.length > 0 ? (
        <Flex gap="3" align="center" justify="center">
          <Text fontSize="sm" color="fg.muted">
            {t.count(items.length, total)}
          </Text>
          {comments.hasNextPage ? (
            <Box>
              <Button
                variant="outline"
                loading={comments.isFetchingNextPage}
                onClick={() => void comments.fetchNextPage()}
              >
                {t.loadMore}
              </Button>
            </Box>
          ) : null}
        </Flex>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t.confirmTitle}
        body={t.confirmBody}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === null) return;
          remove.mutate(deleting, {
            onSuccess: () => {
              notifySuccess(t.deleted);
              setDeleting(null);
            },
          });
        }}
      />
    </Stack>
  );
}
