import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { CommentNode } from '../../../../domain/comment';
import { formatDateTime } from '../../../../domain/format';
import { relativeTime } from '../../../../domain/relative-time';
import { libraryStrings } from '../../../lib/strings';
import { CommentForm } from './comment-form';

const t = libraryStrings.comments;

export interface CommentActions {
  viewer: { userId: number; isAdmin: boolean };
  reply: (parentId: number, body: string) => Promise<boolean>;
  edit: (commentId: number, content: string) => Promise<boolean>;
  remove: (commentId: number) => void;
  busy: boolean;
}

/** One comment with its replies indented below; owners and admins may edit or delete. */
export function CommentItem({
  comment,
  actions,
}: {
  comment: CommentNode;
  actions: CommentActions;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const { viewer } = actions;
  const mayChange = viewer.isAdmin || comment.userId === viewer.userId;
  return (
    <Box as="article" data-testid="comment" data-comment-id={comment.commentId}>
      <Stack gap="1" py="2">
        <Flex gap="2" align="baseline" wrap="wrap">
          <Text fontWeight="semibold">{comment.userName}</Text>
          <Text asChild fontSize="xs" color="fg.muted">
            <time dateTime={comment.commentAdded} title={formatDateTime(comment.commentAdded)}>
              {relativeTime(comment.commentAdded)}
            </time>
          </Text>
          {comment.commentEdited ? (
            <Text fontSize="xs" color="fg.subtle">
              ({t.edited})
            </Text>
          ) : null}
        </Flex>
        {mode === 'edit' ? (
          <CommentForm
            label={t.edit}
            submitLabel={t.save}
            initial={comment.commentContent}
            loading={actions.busy}
            autoFocus
            onCancel={() => setMode('view')}
            onSubmit={async (content) => {
              const ok = await actions.edit(comment.commentId, content);
              if (ok) setMode('view');
              return ok;
            }}
          />
        ) : (
          <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="comment-body">
            {comment.commentContent}
          </Text>
        )}
        {mode === 'view' ? (
          <Flex gap="1">
            <Button
              size="xs"
              variant="ghost"
              onClick={() => setMode('reply')}
              aria-label={t.replyField(comment.userName)}
            >
              {t.reply}
            </Button>
            {mayChange ? (
              <>
                <Button size="xs" variant="ghost" onClick={() => setMode('edit')}>
                  {t.edit}
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => actions.remove(comment.commentId)}
                >
                  {t.delete}
                </Button>
              </>
            ) : null}
          </Flex>
        ) : null}
        {mode === 'reply' ? (
          <CommentForm
            label={t.replyField(comment.userName)}
            submitLabel={t.reply}
            loading={actions.busy}
            autoFocus
            onCancel={() => setMode('view')}
            onSubmit={async (body) => {
              const ok = await actions.reply(comment.commentId, body);
              if (ok) setMode('view');
              return ok;
            }}
          />
        ) : null}
      </Stack>
      {comment.replies.length > 0 ? (
        <Stack gap="0" pl={{ base: '3', md: '6' }} borderLeftWidth="2px" ml="1">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.commentId} comment={reply} actions={actions} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
