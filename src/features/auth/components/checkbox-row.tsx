import { chakra, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A consent checkbox with its label and an optional link beside it. */
export function CheckboxRow({
  checked,
  onChange,
  label,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  children?: ReactNode;
}) {
  return (
    <Flex align="center" gap="2" wrap="wrap">
      {/* A native checkbox: Chakra's hidden-input checkbox cannot be clicked directly by tests. */}
      <chakra.label
        display="inline-flex"
        alignItems="center"
        gap="2"
        cursor="pointer"
        textStyle="sm"
      >
        <chakra.input
          type="checkbox"
          boxSize="4"
          accentColor="teal.500"
          cursor="pointer"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </chakra.label>
      {children}
    </Flex>
  );
}
