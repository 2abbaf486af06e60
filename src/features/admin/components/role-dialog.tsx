import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { AdminRole, RoleInput } from '../../../../domain/role';
import { adminStrings } from '../../../lib/strings';
import { LoadError } from '../../../ui/load-error';
import { primaryButton } from './primary-button';
import { RoleFields } from './role-fields';
import { roleToValues, valuesToRoleInput, type RoleNumberField } from './role-form-values';

const t = adminStrings.roles;

/** The edit dialog a table row opens: every field, save, and delete (not for the default role). */
export function RoleDialog({
  role,
  isDefault,
  collectionTags,
  saving,
  error,
  onSave,
  onDelete,
  onClose,
}: {
  role: AdminRole | null;
  isDefault: boolean;
  collectionTags: string[];
  saving: boolean;
  error: unknown;
  onSave: (body: RoleInput) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={role !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {role !== null ? (
              <EditRoleForm
                role={role}
                isDefault={isDefault}
                collectionTags={collectionTags}
                saving={saving}
                error={error}
                onSave={onSave}
                onDelete={onDelete}
                onClose={onClose}
              />
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Mounted only while open, so each opening starts from the role's current values. */
function EditRoleForm({
  role,
  isDefault,
  collectionTags,
  saving,
  error,
  onSave,
  onDelete,
  onClose,
}: {
  role: AdminRole;
  isDefault: boolean;
  collectionTags: string[];
  saving: boolean;
  error: unknown;
  onSave: (body: RoleInput) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => roleToValues(role));
  const [invalid, setInvalid] = useState<RoleNumberField[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = valuesToRoleInput(values);
    setInvalid(result.invalid);
    if (result.body) onSave(result.body);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{t.editTitle}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <RoleFields
            values={values}
            invalid={invalid}
            collectionTags={collectionTags}
            idPrefix="edit"
            onChange={setValues}
          />
          {error ? <LoadError error={error} /> : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button
          colorPalette="red"
          variant="outline"
          disabled={isDefault}
          title={isDefault ? t.isDefault : undefined}
          onClick={onDelete}
        >
          {t.delete}
        </Button>
        <Button variant="outline" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button
          type="submit"
          {...primaryButton}
          loading={saving}
          disabled={values.roleName.trim() === ''}
        >
          {t.save}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
