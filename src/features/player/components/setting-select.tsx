import { Field, NativeSelect } from '@chakra-ui/react';

interface SettingSelectProps<T extends string | number> {
  label: string;
  value: T;
  choices: readonly T[];
  /** What each choice reads as. */
  name: (choice: T) => string;
  /** The option's value as chosen (a native select answers strings). */
  onChange: (raw: string) => void;
  /** What the current choice does or costs, under the select. */
  hint: string;
  testId: string;
  maxW: string;
}

/**
 * A playback setting of the queue dialog as a labelled native select: the keyboard and screen
 * readers know it without help, and the hint is text, not a tooltip.
 */
export function SettingSelect<T extends string | number>(props: SettingSelectProps<T>) {
  return (
    <Field.Root maxW={props.maxW}>
      <Field.Label fontSize="sm">{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={String(props.value)}
          onChange={(event) => props.onChange(event.currentTarget.value)}
          data-testid={props.testId}
        >
          {props.choices.map((choice) => (
            <option key={choice} value={choice}>
              {props.name(choice)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{props.hint}</Field.HelperText>
    </Field.Root>
  );
}
