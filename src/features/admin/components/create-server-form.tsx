import { Box, Heading, Stack } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { ServerInputSchema } from '../../../../domain/servers';
import { notifySuccess } from '../../../lib/notify';
import { serverStrings } from '../../../lib/strings';
import { useCreateServer } from '../api/servers';
import { useFocusFirstInvalid } from '../hooks/use-form-guards';
import { FormFooter } from '../../../ui/form-footer';
import { TextField } from '../../../ui/text-field';

const t = serverStrings.list;
const EMPTY = { serverName: '', serverAddress: '', serverToken: '' };
type ServerField = keyof typeof EMPTY;

/**
 * The fields the schema of PUT /api/server refuses, each said in words next to its field
 * (the wire text "serverToken: serverToken must be at least 16 characters" is for programs).
 */
function invalidFields(values: typeof EMPTY): Set<ServerField> {
  const result = ServerInputSchema.safeParse(values);
  if (result.success) return new Set();
  return new Set(
    result.error.issues
      .map((issue) => issue.path[0])
      .filter((field): field is ServerField => typeof field === 'string' && field in EMPTY),
  );
}

/** PUT /api/server; clears itself once the server is added. */
export function CreateServerForm() {
  const create = useCreateServer();
  const [values, setValues] = useState(EMPTY);
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const set = (field: ServerField) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));
  const invalid = invalidFields(values);
  // A field speaks once it holds something, or once a save was tried.
  const problem = (field: ServerField): string | undefined =>
    invalid.has(field) && (tried || values[field] !== '') ? t.invalid[field] : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (invalid.size > 0) {
      focusFirstInvalid();
      return;
    }
    create.mutate(values, {
      onSuccess: () => {
        notifySuccess(t.created);
        setValues(EMPTY);
        setTried(false);
      },
    });
  };
  const field = (name: ServerField) => ({
    value: values[name],
    onChange: set(name),
    invalid: problem(name) !== undefined,
    errorText: problem(name),
  });
  return (
    <Box as="section" aria-labelledby="create-server" borderWidth="1px" borderRadius="md" p="5">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="4">
          <Heading as="h2" size="lg" id="create-server">
            {t.createHeading}
          </Heading>
          <TextField label={t.serverName} {...field('serverName')} />
          <TextField label={t.serverAddress} inputMode="url" {...field('serverAddress')} />
          <TextField label={t.serverToken} autoComplete="off" {...field('serverToken')} />
          <FormFooter submitLabel={t.create} submitting={create.isPending} error={create.error} />
        </Stack>
      </form>
    </Box>
  );
}
