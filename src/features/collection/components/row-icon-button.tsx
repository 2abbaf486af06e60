import { IconButton, type IconButtonProps } from '@chakra-ui/react';

// Smaller buttons on phones leave the title room at 360 px.
const ICON_SIZE = { base: 'xs', sm: 'sm' } as const;

/**
 * The one look of a file row's icon buttons. Other props pass through, so a menu trigger
 * (`asChild`) can hand it its handlers and ref.
 */
export function RowIconButton({
  label,
  ...props
}: Omit<IconButtonProps, 'aria-label' | 'size' | 'variant'> & { label: string }) {
  return <IconButton aria-label={label} size={ICON_SIZE} variant="ghost" {...props} />;
}
