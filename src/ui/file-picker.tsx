import { Button, Flex, Text, type ButtonProps } from '@chakra-ui/react';
import { useId, useRef, type ReactNode } from 'react';

export interface FilePickerProps {
  /** The button's text, and the name of the file input behind it. */
  label: string;
  onFiles: (files: File[]) => void;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Said beside the button and read with it (what may be chosen). */
  hint?: ReactNode;
  id?: string;
  'data-testid'?: string;
  size?: ButtonProps['size'];
}

/**
 * A button that opens the system file chooser. The native input stays hidden (its own button
 * cannot be styled or named) and is emptied after each choice, so the same file can be chosen
 * again after a removal.
 */
export function FilePicker({
  label,
  onFiles,
  accept,
  multiple = false,
  disabled = false,
  hint,
  id,
  size = 'sm',
  ...rest
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <Flex display="inline-flex" gap="3" align="center" wrap="wrap">
      <Button
        size={size}
        variant="outline"
        disabled={disabled}
        aria-describedby={hint === undefined ? undefined : hintId}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      {hint === undefined ? null : (
        <Text id={hintId} fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      )}
      <input
        ref={input}
        id={id}
        data-testid={rest['data-testid']}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        hidden
        aria-label={label}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Flex>
  );
}
