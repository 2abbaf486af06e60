import { Box, Heading, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Library } from '../../../../domain/libraries';
import type { RoleInput } from '../../../../domain/role';
import { adminStrings } from '../../../lib/strings';
import { FormFooter } from '../../../ui/form-footer';
import { RoleFields } from './role-fields';
import { NEW_ROLE_VALUES, valuesToRoleInput, type RoleNumberField } from './role-form-values';

const t = adminStrings.roles;

/** The create form under the table; it clears itself once the role is created. */
export function CreateRoleForm({
  collectionTags,
  libraries,
  saving,
  error,
  onCreate,
}: {
  collectionTags: string[];
  libraries: readonly Library[];
  saving: boolean;
  error: unknown;
  onCreate: (body: RoleInput, done: () => void) => void;
}) {
  const [values, setValues] = useState(NEW_ROLE_VALUES);
  const [invalid, setInvalid] = useState<RoleNumberField[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = valuesToRoleInput(values);
    setInvalid(result.invalid);
    if (result.body) onCreate(result.body, () => setValues(NEW_ROLE_VALUES));
  };
  return (
    <Box as="section" aria-labelledby="create-role" borderWidth="1px" borderRadius="md" p="5">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Heading as="h2" size="lg" id="create-role">
            {t.createHeading}
          </Heading>
          <RoleFields
            values={values}
            invalid={invalid}
            collectionTags={collectionTags}
            libraries={libraries}
            idPrefix="create"
            onChange={setValues}
          />
          <FormFooter
            submitLabel={t.create}
            canSubmit={values.roleName.trim() !== ''}
            submitting={saving}
            error={error}
          />
        </Stack>
      </form>
    </Box>
  );
}
