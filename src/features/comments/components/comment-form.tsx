import { Button, Field, Flex, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '../../../../domain/comment';
import { libraryStrings } from '../../../lib/strings';

const t = libraryStrings.comments;

/**
 * A multi-line comment body, capped at 2048 characters (typing stops there) with a counter.
 * Used for new comments, replies and edits.
 */
export function CommentForm({
  label,
  submitLabel,
  initial = '',
  loading,
  autoFocus,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  loading: boolean;
  autoFocus?: boolean;
  /** Resolves true when the comment was saved, so the field can be cleared. */
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(initial);
  const canSubmit = body.trim().length > 0 && body.length <= COMMENT_MAX && !loading;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    if (await onSubmit(body)) setBody('');
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <Field.Root>
        <Field.Label srOnly>{label}</Field.Label>
        <Textarea
          value={body}
          placeholder={t.placeholder}
          maxLength={COMMENT_MAX}
          autoresize
          minH="20"
          autoFocus={autoFocus}
          onChange={(e) => setBody(e.target.value.slice(0, COMMENT_MAX))}
        />
        <Field.HelperText alignSelf="end" aria-live="polite">
          {t.counter(body.length, COMMENT_MAX)}
        </Field.HelperText>
      </Field.Root>
      <Flex gap="2" justify="end" mt="1">
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : null}
        <Button size="sm" type="submit" colorPalette="teal" disabled={!canSubmit} loading={loading}>
          {submitLabel}
        </Button>
      </Flex>
    </form>
  );
}
