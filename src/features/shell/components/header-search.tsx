import { Box, HStack, IconButton, VisuallyHidden } from '@chakra-ui/react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { strings } from '../../../lib/strings';
import { CloseIcon, SearchIcon } from '../../../ui/icons';
import { PlainInput } from '../../../ui/plain-input';

function currentBrowseQuery(search: unknown): string {
  if (search && typeof search === 'object' && 'query' in search) {
    const query = (search as { query?: unknown }).query;
    if (typeof query === 'string' || typeof query === 'number') return String(query);
  }
  return '';
}

/**
 * Header search (signed-in only). On /browse it rewrites the `query` search param in place,
 * keeping the other filters; elsewhere it opens /browse?query=….
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const urlQuery = useRouterState({
    select: (state) =>
      state.location.pathname === '/browse' ? currentBrowseQuery(state.location.search) : '',
  });
  const [value, setValue] = useState(urlQuery);
  const [lastUrlQuery, setLastUrlQuery] = useState(urlQuery);
  if (urlQuery !== lastUrlQuery) {
    // Follow the address bar when it changes (back button, links with a query).
    setLastUrlQuery(urlQuery);
    setValue(urlQuery);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = value.trim();
    if (pathname === '/browse') {
      void navigate({ to: '/browse', search: (prev) => ({ ...prev, query: query || undefined }) });
    } else {
      void navigate({ to: '/browse', search: { query: query || undefined } });
    }
  };

  return (
    <Box as="form" role="search" onSubmit={submit} flex="1" maxW="xl" minW="0">
      <HStack gap="1">
        <PlainInput
          type="text"
          aria-label={strings.header.search}
          placeholder={strings.header.searchPlaceholder}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          size="sm"
          flex="1"
          minW="0"
        />
        {/* Only with something to clear: on a phone the field needs the room. */}
        {value ? (
          <IconButton type="button" variant="ghost" size="sm" onClick={() => setValue('')}>
            <CloseIcon />
            <VisuallyHidden>{strings.header.clearSearch}</VisuallyHidden>
          </IconButton>
        ) : null}
        {/* Named by content, not aria-label, so getByLabel('Search') finds only the input. */}
        <IconButton type="submit" variant="ghost" size="sm">
          <SearchIcon />
          <VisuallyHidden>{strings.header.searchButton}</VisuallyHidden>
        </IconButton>
      </HStack>
    </Box>
  );
}
