import { Box, Heading, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { serverStrings } from '../../../lib/strings';
import { useCreateServer } from '../api/servers';
import { FormFooter } from '../../../ui/form-footer';
import { TextField } from '../../../ui/text-field';

const t = serverStrings.list;
const EMPTY = { serverName: '', serverAddress: '', serverToken: '' };

/** PUT /api/server; clears itself once the server is added. */
export function CreateServerForm() {
  const create = useCreateServer();
  const [values, setValues] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(values, {
      onSuccess: () => {
        notifySuccess(t.created);
        setValues(EMPTY);
      },
    });
  };
  const filled = Object.values(values).every((v) => v.trim() !== '');
  return (
    <Box as="section" aria-labelledby="create-server" borderWidth="1px" borderRadius="md" p="5">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Heading as="h2" size="lg" id="create-server">
            {t.createHeading}
          </Heading>
          <TextField label={t.serverName} value={values.serverName} onChange={set('serverName')} />
          <TextField
            label={t.serverAddress}
            value={values.serverAddress}
            onChange={set('serverAddress')}
          />
          <TextField
            label={t.serverToken}
            value={values.serverToken}
            onChange={set('serverToken')}
          />
          <FormFooter
            submitLabel={t.create}
            canSubmit={filled}
            submitting={create.isPending}
            error={create.error}
          />
        </Stack>
      </form>
    </Box>
  );
}
