import { Box, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { FormFooter } from '../../../ui/form-footer';
import { TextField } from '../../../ui/text-field';
import { useAddLibrary } from '../api/libraries';
import { librariesStrings as t } from '../libraries-strings';

/**
 * Name and folder of a new library. The server checks the folder (absolute, a folder, not in
 * DATA_DIR, not inside or around another library) and its message is said under the form as
 * it came, since only the server can look at its disk.
 */
export function AddLibraryForm() {
  const add = useAddLibrary();
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const canSubmit = name.trim() !== '' && path.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || add.isPending) return;
    add.mutate(
      { name: name.trim(), path: path.trim() },
      {
        onSuccess: (library) => {
          notifySuccess(t.added(library.name));
          setName('');
          setPath('');
        },
      },
    );
  };
  return (
    <Box as="section" aria-labelledby="add-library">
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <Heading as="h3" size="sm" id="add-library">
            {t.addTitle}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <TextField
              label={t.name}
              required
              name="library-name"
              maxLength={100}
              value={name}
              onChange={setName}
            />
            <TextField
              label={t.path}
              required
              name="library-path"
              maxLength={4096}
              spellCheck={false}
              autoComplete="off"
              helperText={t.pathHelp}
              value={path}
              onChange={setPath}
            />
          </SimpleGrid>
          <FormFooter
            submitLabel={t.add}
            canSubmit={canSubmit}
            submitting={add.isPending}
            error={add.error}
          />
        </Stack>
      </form>
    </Box>
  );
}
