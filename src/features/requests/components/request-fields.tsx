import { Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { bpmInput, durationError, type RequestFormValues } from '../../../../domain/request-form';
import { REQUEST_DESCRIPTION_MAX, REQUEST_TEXT_MAX } from '../../../../domain/request';
import { requestsStrings } from '../strings';

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
        <Field.Root>
          <Field.Label>{t.bpm}</Field.Label>
          <Input
            name={`${idPrefix}-bpm`}
            inputMode="decimal"
            maxLength={6}
            value={values.bpm}
            onChange={(e) => set('bpm', bpmInput(e.target.value))}
          />
        </Field.Root>
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
        <Field.Root>
          <Field.Label>{t.releaseDate}</Field.Label>
          <Input
            name={`${idPrefix}-releaseDate`}
            type="date"
            value={values.releaseDate}
            onChange={(e) => set('releaseDate', e.target.value)}
          />
        </Field.Root>
      </SimpleGrid>
      <Field.Root>
        <Field.Label>{t.description}</Field.Label>
        <Textarea
          name={`${idPrefix}-description`}
          maxLength={REQUEST_DESCRIPTION_MAX}
          rows={4}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </Field.Root>
    </Stack>
  );
}
