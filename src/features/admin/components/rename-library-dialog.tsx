import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { AdminLibrary } from '../../../../domain/libraries';
import { DialogForm } from '../../../ui/dialog-form';
import { DialogShell } from '../../../ui/dialog-shell';
import { LoadError } from '../../../ui/load-error';
import { TextField } from '../../../ui/text-field';
import { librariesStrings as t } from '../libraries-strings';

/** Rename one library; the form mounts with each opening so it starts from the current name. */
export function RenameLibraryDialog({
  library,
  saving,
  error,
  onSave,
  onClose,
}: {
  library: AdminLibrary | null;
  saving: boolean;
  error: unknown;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  return (
    <DialogShell open={library !== null} onClose={onClose}>
      {library === null ? null : (
        <RenameForm
          key={library.libraryId}
          initial={library.name}
          saving={saving}
          error={error}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    </DialogShell>
  );
}

function RenameForm({
  initial,
  saving,
  error,
  onSave,
  onClose,
}: {
  initial: string;
  saving: boolean;
  error: unknown;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  return (
    <DialogForm
      title={t.renameTitle}
      cancelLabel={t.cancel}
      submitLabel={t.save}
      canSubmit={name.trim() !== ''}
      submitting={saving}
      onSubmit={() => onSave(name.trim())}
      onCancel={onClose}
    >
      <Stack gap="3">
        <TextField
          label={t.name}
          required
          name="rename-library"
          maxLength={100}
          autoFocus
          value={name}
          onChange={setName}
        />
        {error ? <LoadError error={error} /> : null}
      </Stack>
    </DialogForm>
  );
}
