import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { bpmInput, durationError, type RequestFormValues } from '../../../../domain/request-form';
import { REQUEST_DESCRIPTION_MAX, REQUEST_TEXT_MAX } from '../../../../domain/request';
import { requestsStrings } from '../strings';
import { TextField, TextAreaField } from '../../../ui/text-field';

const t = requestsStrings.fields;

type TextKey = 'name' | 'artists' | 'genres' | 'key' | 'label';

/** The nine fields of a request, shared by the new-request page and the edit dialog. */
export function RequestFields({
  values,
  idPrefix,
  onChange,
}: {
  values: RequestFormValues;
  /** Keeps ids unique when two forms could be on one page. */
  idPrefix: string;
  onChange: (values: RequestFormValues) => void;
}) {
  const set = (key: keyof RequestFormValues, value: string) =>
    onChange({ ...values, [key]: value });
  const text = (key: TextKey, label: string, required = false) => (
    <Field.Root required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        name={`${idPrefix}-${key}`}
        maxLength={key === 'key' ? 20 : REQUEST_TEXT_MAX}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field.Root>
  );
  const badDuration = durationError(values);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {text('name', t.name, true)}
        {text('artists', t.artists, true)}
        {text('genres', t.genres)}
        {text('label', t.label)}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        {text('key', t.key)}
        <TextField
          label={t.bpm}
          name={`${idPrefix}-bpm`}
          inputMode="decimal"
          maxLength={6}
          value={values.bpm}
          onChange={(value) => set('bpm', bpmInput(value))}
        />
        <Field.Root invalid={badDuration}>
          <Field.Label>{t.duration}</Field.Label>
          <Input
            name={`${idPrefix}-duration`}
            placeholder="3:05"
            maxLength={8}
            value={values.duration}
            onChange={(e) => set('duration', e.target.value)}
          />
          {badDuration ? null : <Field.HelperText>{t.durationHelp}</Field.HelperText>}
          <Field.ErrorText>{requestsStrings.invalidDuration}</Field.ErrorText>
        </Field.Root>
        <TextField
          label={t.releaseDate}
          name={`${idPrefix}-releaseDate`}
          type="date"
          value={values.releaseDate}
          onChange={(value) => set('releaseDate', value)}
        />
      </SimpleGrid>
      <TextAreaField
        label={t.description}
        name={`${idPrefix}-description`}
        maxLength={REQUEST_DESCRIPTION_MAX}
        rows={4}
        value={values.description}
        onChange={(value) => set('description', value)}
      />
    </Stack>
  );
}
