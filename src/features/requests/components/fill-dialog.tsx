import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { DialogShell } from '../../../ui/dialog-shell';
import { FormFooter } from '../../../ui/form-footer';
import { LoadError } from '../../../ui/load-error';
import { useCollectionSearch } from '../api/search-collections';
import { requestsStrings } from '../strings';
import { TextField } from '../../../ui/text-field';

const t = requestsStrings.fill;

/** Searches the library by name; picking a collection fills the request with it. */
export function FillDialog({
  open,
  busy,
  onPick,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onPick: (collectionId: number) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const results = useCollectionSearch(open ? query : '');
  return (
    <DialogShell open={open} onClose={onClose} scrollBehavior="inside">
      <Dialog.Header>
        <Dialog.Title>{t.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted">{t.intro}</Text>
          <TextField
            label={t.search}
            type="search"
            placeholder={t.searchPlaceholder}
            value={query}
            onChange={(value) => setQuery(value)}
          />
          {query.trim() === '' ? null : results.isPending ? (
            <CenteredSpinner label={t.search} />
          ) : results.isError ? (
            <LoadError error={results.error} />
          ) : results.data.data.length === 0 ? (
            <Text color="fg.muted">{t.noResults}</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none">
              {results.data.data.map((collection) => (
                <li key={collection.collectionId}>
                  <Button
                    variant="outline"
                    width="full"
                    justifyContent="start"
                    disabled={busy}
                    aria-label={t.pick(collection.collectionName)}
                    onClick={() => onPick(collection.collectionId)}
                  >
                    <Text truncate>
                      {collection.collectionName} (#{collection.collectionId})
                    </Text>
                  </Button>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <FormFooter inDialog cancelLabel={t.close} onCancel={onClose} />
    </DialogShell>
  );
}
