import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * After a refused save, the first invalid field is scrolled into view and focused: a field out
 * of view otherwise makes "Save" look like it did nothing. Its message is tied to the input
 * (Chakra's Field), so a screen reader says it on focus.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  }, [attempt, form]);
  return useCallback(() => setAttempt((n) => n + 1), []);
}

/**
 * Leaving with unsaved changes asks first: in-app navigation through a confirm, closing or
 * reloading the tab through the browser's own prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean, question: string): void {
  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(question),
    enableBeforeUnload: dirty,
  });
}
