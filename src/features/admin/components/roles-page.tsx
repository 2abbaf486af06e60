import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { Library } from '../../../../domain/libraries';
import type { AdminRole, RoleInput } from '../../../../domain/role';
import { notifySuccess } from '../../../lib/notify';
import { adminStrings } from '../../../lib/strings';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LoadError } from '../../../ui/load-error';
import { PageHeading } from '../../../ui/page-heading';
import { useDeleteRole } from '../api/delete-role';
import { useLibraries } from '../../../common/libraries/get-libraries';
import { useRoles } from '../../../common/roles/get-roles';
import { useAdminSettings } from '../api/get-settings';
import { useSaveRole } from '../api/save-role';
import { CreateRoleForm } from './create-role-form';
import { RoleDialog } from './role-dialog';
import { RoleTable } from './role-table';

const t = adminStrings.roles;
const NO_LIBRARIES: Library[] = [];

/** /admin/roles: the table of roles, a create form and the edit dialog (spec part 2, section 2). */
export function RolesPage() {
  const roles = useRoles();
  const settings = useAdminSettings();
  // Without the list (still loading, or failed) the choice is simply not offered yet.
  const libraries = useLibraries().data?.libraries ?? NO_LIBRARIES;
  const create = useSaveRole();
  const edit = useSaveRole();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<AdminRole | null>(null);
  const [confirming, setConfirming] = useState<AdminRole | null>(null);

  if (roles.isPending || settings.isPending) return <CenteredSpinner label={t.loading} />;
  if (roles.isError) return <LoadError error={roles.error} />;
  if (settings.isError) return <LoadError error={settings.error} />;
  const { collectionTags, defaultRoleId } = settings.data;

  const onCreate = (body: RoleInput, done: () => void) =>
    create.mutate(
      { id: null, body },
      {
        onSuccess: () => {
          notifySuccess(t.created);
          done();
        },
      },
    );
  const onEdit = (body: RoleInput) => {
    if (editing === null) return;
    edit.mutate(
      { id: editing.roleId, body },
      {
        onSuccess: () => {
          notifySuccess(t.saved);
          setEditing(null);
        },
      },
    );
  };
  const onDelete = () => {
    if (confirming === null) return;
    remove.mutate(confirming.roleId, {
      onSuccess: () => {
        notifySuccess(t.deleted);
        setConfirming(null);
        setEditing(null);
      },
    });
  };

  return (
    <Stack gap="8">
      <PageHeading title={t.title}>{t.intro}</PageHeading>
      <RoleTable
        roles={roles.data}
        onOpen={(role) => {
          edit.reset();
          setEditing(role);
        }}
      />
      <CreateRoleForm
        collectionTags={collectionTags}
        libraries={libraries}
        saving={create.isPending}
        error={create.error}
        onCreate={onCreate}
      />
      <RoleDialog
        role={editing}
        isDefault={editing?.roleId === defaultRoleId}
        collectionTags={collectionTags}
        libraries={libraries}
        saving={edit.isPending}
        error={edit.error}
        onSave={onEdit}
        onDelete={() => setConfirming(editing)}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t.confirmTitle(confirming?.roleName ?? '')}
        body={t.confirmBody(confirming?.roleUserCount ?? 0)}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        loading={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
