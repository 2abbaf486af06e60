import { createRecipeContext, type InputProps } from '@chakra-ui/react';

const { withContext } = createRecipeContext({ key: 'input' });

/**
 * Chakra's Input (the same `input` recipe, props and look) on a plain <input>, for a field that
 * stands outside any Field.Root, such as the header's search. Chakra's own Input wraps Ark's
 * Field.Input, whose Field module (its textarea auto-resize, select and item parts, ~3 KB
 * brotli) would otherwise travel in the first load only to find no Field around it.
 */
export const PlainInput = withContext<HTMLInputElement, InputProps>('input');
