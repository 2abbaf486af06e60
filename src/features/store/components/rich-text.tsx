import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { sanitizeDescription } from '../sanitize-description';

/** A product description: the server's sanitised HTML, sanitised again here before rendering. */
export function RichText({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeDescription(html), [html]);
  if (!clean) return null;
  return (
    <Box
      className="rich-text"
      fontSize="sm"
      css={{
        '& p + p, & ul, & ol, & blockquote, & pre': { marginTop: '2' },
        '& ul': { paddingInlineStart: '5', listStyleType: 'disc' },
        '& ol': { paddingInlineStart: '5', listStyleType: 'decimal' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& strong, & b': { fontWeight: 'bold' },
        '& em, & i': { fontStyle: 'italic' },
        '& h2, & h3, & h4': { fontWeight: 'semibold', marginTop: '2' },
      }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
