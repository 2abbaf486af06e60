import { Checkbox, Field, Fieldset, Input, SimpleGrid, Switch, Text } from '@chakra-ui/react';
import type { Library } from '../../../../domain/libraries';
import { adminStrings } from '../../../lib/strings';
import { ROLE_FLAGS, type RoleFormValues, type RoleNumberField } from './role-form-values';
import { TextField } from '../../../ui/text-field';
import { RoleLibrariesField } from './role-libraries-field';

const t = adminStrings.roles;

/** Every field of a role, shared by the create form and the edit dialog. */
export function RoleFields({
  values,
  invalid,
  collectionTags,
  libraries,
  idPrefix,
  onChange,
}: {
  values: RoleFormValues;
  invalid: RoleNumberField[];
  collectionTags: string[];
  /** The libraries there are; the choice is offered only when there is more than one. */
  libraries: readonly Library[];
  /** Keeps ids unique while the create form and the dialog are both on the page. */
  idPrefix: string;
  onChange: (values: RoleFormValues) => void;
}) {
  const set = <K extends keyof RoleFormValues>(key: K, value: RoleFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const numberField = (key: RoleNumberField, label: string, help?: string) => (
    <Field.Root invalid={invalid.includes(key)}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={`${idPrefix}-${key}`}
        inputMode="numeric"
        maxLength={9}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
      />
      {help ? <Field.HelperText>{help}</Field.HelperText> : null}
      <Field.ErrorText>{t.invalidNumber}</Field.ErrorText>
    </Field.Root>
  );
  const toggleTag = (tag: string, on: boolean) =>
    set(
      'blacklistedTags',
      on
        ? [...values.blacklistedTags, tag]
        : values.blacklistedTags.filter((current) => current !== tag),
    );

  return (
    <>
      <TextField
        label={t.name}
        required
        name={`${idPrefix}-roleName`}
        maxLength={64}
        value={values.roleName}
        onChange={(value) => set('roleName', value)}
      />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        {numberField('speedKbps', t.speed, t.speedHelp)}
        {numberField('downloadLimit', t.downloads, t.downloadsHelp)}
        {numberField('requestLimit', t.requests)}
        {numberField('uploadLimitMb', t.uploads, t.uploadsHelp)}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {ROLE_FLAGS.map((flag) => (
          <Switch.Root
            key={flag}
            checked={values[flag]}
            onCheckedChange={(e) => set(flag, e.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t.flags[flag]}</Switch.Label>
          </Switch.Root>
        ))}
      </SimpleGrid>
      <Fieldset.Root>
        <Fieldset.Legend>{t.blacklist}</Fieldset.Legend>
        {collectionTags.length === 0 ? <Text color="fg.muted">{t.noTags}</Text> : null}
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2">
          {collectionTags.map((tag) => (
            <Checkbox.Root
              key={tag}
              checked={values.blacklistedTags.includes(tag)}
              onCheckedChange={(e) => toggleTag(tag, e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{tag}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </Fieldset.Root>
      {libraries.length > 1 ? (
        <RoleLibrariesField
          libraries={libraries}
          value={values.libraries}
          idPrefix={idPrefix}
          onChange={(value) => set('libraries', value)}
        />
      ) : null}
    </>
  );
}
