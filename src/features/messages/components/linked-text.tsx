import { Link, Text } from '@chakra-ui/react';
import { linkifyText } from '../../../../domain/message';

/**
 * A message body as plain text with its http(s) links clickable. Only text nodes and anchors
 * are rendered, so markup in a message shows as typed and never runs.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <Text whiteSpace="pre-wrap" wordBreak="break-word">
      {linkifyText(text).map((part, index) =>
        part.kind === 'link' ? (
          <Link
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            colorPalette="teal"
            textDecoration="underline"
          >
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}
