import { Separator, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AdminLibrary } from '../../../../domain/libraries';
import { isAdminLibrary, useLibraries } from '../../../common/libraries/get-libraries';
import { queryKeys } from '../../../common/query-keys';
import { notifySuccess } from '../../../lib/notify';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LoadError } from '../../../ui/load-error';
import { useRemoveLibrary, useRenameLibrary } from '../api/libraries';
import { librariesStrings as t } from '../libraries-strings';
import { AddLibraryForm } from './add-library-form';
import { LibraryCard } from './library-card';
import { MissingFiles } from './missing-files';
import { RenameLibraryDialog } from './rename-library-dialog';
import { SettingsGroup } from './settings-inputs';

/**
 * A scan that ends may have hidden or found files: the missing count and the browse results
 * are read again then (the list itself is what told us, by polling).
 */
function useRefreshWhenScansEnd(running: boolean) {
  const queryClient = useQueryClient();
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.missingFiles() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.browse.all });
    }
    wasRunning.current = running;
  }, [running, queryClient]);
}

/**
 * The Libraries section of /admin/settings (issue 46): every library with its folder, counts
 * and scan, Add, Rename and Remove, and the missing files every library's scans left behind.
 * The list polls while any scan runs (common/libraries), so progress needs no button.
 */
export function LibrariesPanel() {
  const libraries = useLibraries();
  const rename = useRenameLibrary();
  const remove = useRemoveLibrary();
  const [renaming, setRenaming] = useState<AdminLibrary | null>(null);
  const [removing, setRemoving] = useState<AdminLibrary | null>(null);
  // Administrators get every row with its folder; a member's rows never reach this screen.
  const rows = libraries.data?.libraries.filter(isAdminLibrary) ?? [];
  useRefreshWhenScansEnd(rows.some((library) => library.lastScan?.state === 'running'));

  const onRename = (name: string) => {
    if (renaming === null) return;
    rename.mutate(
      { libraryId: renaming.libraryId, name },
      {
        onSuccess: () => {
          notifySuccess(t.renamed);
          setRenaming(null);
        },
      },
    );
  };
  const onRemove = () => {
    if (removing === null) return;
    remove.mutate(removing.libraryId, {
      onSuccess: (answer) => notifySuccess(t.removed(answer.missingFiles)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <SettingsGroup id="settings-libraries" title={t.title}>
      <Text color="fg.muted" fontSize="sm">
        {t.intro}
      </Text>
      {libraries.isPending ? <CenteredSpinner label={t.loading} /> : null}
      {libraries.isError ? <LoadError error={libraries.error} /> : null}
      {libraries.isSuccess && rows.length === 0 ? <Text color="fg.muted">{t.empty}</Text> : null}
      {rows.length > 0 ? (
        // A plain list: Chakra's List recipe would join the theme for this one panel.
        <Stack as="ul" gap="3" listStyleType="none" aria-labelledby="settings-libraries">
          {rows.map((library) => (
            <LibraryCard
              key={library.libraryId}
              library={library}
              onRename={() => {
                rename.reset();
                setRenaming(library);
              }}
              onRemove={() => {
                remove.reset();
                setRemoving(library);
              }}
            />
          ))}
        </Stack>
      ) : null}
      {remove.isError ? <LoadError error={remove.error} /> : null}
      <Separator />
      <AddLibraryForm />
      <Separator />
      <MissingFiles />
      <RenameLibraryDialog
        library={renaming}
        saving={rename.isPending}
        error={rename.error}
        onSave={onRename}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t.removeTitle(removing?.name ?? '')}
        body={t.removeBody(removing?.missingRetentionDays ?? 30)}
        confirmLabel={t.remove}
        cancelLabel={t.cancel}
        loading={remove.isPending}
        onConfirm={onRemove}
        onClose={() => setRemoving(null)}
      />
    </SettingsGroup>
  );
}
