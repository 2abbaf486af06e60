import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { Library } from '../../../../domain/libraries';
import type { AdminRole, RoleInput } from '../../../../domain/role';
import { adminStrings } from '../../../lib/strings';
import { DialogForm } from '../../../ui/dialog-form';
import { DialogShell } from '../../../ui/dialog-shell';
import { LoadError } from '../../../ui/load-error';
import { RoleFields } from './role-fields';
import { roleToValues, valuesToRoleInput, type RoleNumberField } from './role-form-values';

const t = adminStrings.roles;

/** The edit dialog a table row opens: every field, save, and delete (not for the default role). */
export function RoleDialog({
  role,
  isDefault,
  collectionTags,
  libraries,
  saving,
  error,
  onSave,
  onDelete,
  onClose,
}: {
  role: AdminRole | null;
  isDefault: boolean;
  collectionTags: string[];
  libraries: readonly Library[];
  saving: boolean;
  error: unknown;
  onSave: (body: RoleInput) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <DialogShell open={role !== null} onClose={onClose} size="lg" scrollBehavior="inside">
      {role !== null ? (
        <EditRoleForm
          role={role}
          isDefault={isDefault}
          collectionTags={collectionTags}
          libraries={libraries}
          saving={saving}
          error={error}
          onSave={onSave}
          onDelete={onDelete}
          onClose={onClose}
        />
      ) : null}
    </DialogShell>
  );
}

/** Mounted only while open, so each opening starts from the role's current values. */
function EditRoleForm({
  role,
  isDefault,
  collectionTags,
  libraries,
  saving,
  error,
  onSave,
  onDelete,
  onClose,
}: {
  role: AdminRole;
  isDefault: boolean;
  collectionTags: string[];
  libraries: readonly Library[];
  saving: boolean;
  error: unknown;
  onSave: (body: RoleInput) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => roleToValues(role));
  const [invalid, setInvalid] = useState<RoleNumberField[]>([]);
  const submit = () => {
    const result = valuesToRoleInput(values);
    setInvalid(result.invalid);
    if (result.body) onSave(result.body);
  };
  return (
    <DialogForm
      title={t.editTitle}
      cancelLabel={t.cancel}
      submitLabel={t.save}
      canSubmit={values.roleName.trim() !== ''}
      submitting={saving}
      onSubmit={submit}
      onCancel={onClose}
      footerStart={
        <Button
          colorPalette="red"
          variant="outline"
          disabled={isDefault}
          title={isDefault ? t.isDefault : undefined}
          onClick={onDelete}
        >
          {t.delete}
        </Button>
      }
    >
      <Stack gap="4">
        <RoleFields
          values={values}
          invalid={invalid}
          collectionTags={collectionTags}
          libraries={libraries}
          idPrefix="edit"
          onChange={setValues}
        />
        {error ? <LoadError error={error} /> : null}
      </Stack>
    </DialogForm>
  );
}
