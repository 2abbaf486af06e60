import { Box, Heading, Text, useBreakpointValue } from '@chakra-ui/react';
import type { CollectionFile } from '../../../../domain/collection';
import { libraryStrings } from '../../../lib/strings';
import { useListWindow } from '../../../ui/use-list-window';
import { FileRow, type FileRowActions } from './file-row';

const ROW_HEIGHT = 60;
const ADMIN_ROW_HEIGHT = 76;

/**
 * The files of the collection, virtualised against the window scroll so 3,000 tracks stay
 * smooth: only the rows near the viewport exist in the DOM.
 */
export function FileList({
  files,
  admin,
  likedIds,
  actionsFor,
}: {
  files: CollectionFile[];
  admin: boolean;
  likedIds: ReadonlySet<number>;
  actionsFor: (entry: CollectionFile, index: number) => FileRowActions;
}) {
  const rowHeight = admin ? ADMIN_ROW_HEIGHT : ROW_HEIGHT;
  // Below the sm breakpoint (600 px) the row actions fold into one menu; read once for all rows.
  const compact = useBreakpointValue({ base: true, sm: false }, { ssr: false }) ?? false;
  const { ref, start, end, totalHeight } = useListWindow(files.length, rowHeight);
  return (
    <Box as="section" aria-labelledby="collection-files">
      <Heading as="h2" size="lg" mb="2" id="collection-files">
        {libraryStrings.collection.files}
      </Heading>
      {files.length === 0 ? (
        <Text color="fg.muted">{libraryStrings.collection.noFiles}</Text>
      ) : (
        <Box ref={ref} position="relative" h={`${totalHeight}px`} role="list">
          {files.slice(start, end).map((entry, offset) => {
            const index = start + offset;
            return (
              <Box
                key={entry.file.fileId}
                role="listitem"
                position="absolute"
                top={`${index * rowHeight}px`}
                left="0"
                right="0"
                h={`${rowHeight}px`}
              >
                <FileRow
                  entry={entry}
                  position={index + 1}
                  admin={admin}
                  compact={compact}
                  liked={likedIds.has(entry.file.fileId)}
                  actions={actionsFor(entry, index)}
                />
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
