import { Box, Heading, Text, useBreakpointValue } from '@chakra-ui/react';
import { Fragment, useMemo } from 'react';
import type { CollectionFile } from '../../../../domain/collection';
import { libraryStrings } from '../../../lib/strings';
import { useListWindow } from '../../../ui/use-list-window';
import { discSections, fileListLines, type DiscSection } from '../disc-sections';
import { FileRow, type FileRowActions } from './file-row';

const ROW_HEIGHT = 60;
const ADMIN_ROW_HEIGHT = 76;

const t = libraryStrings.collection;

const sectionTitle = (section: DiscSection) =>
  section.disc === null ? t.otherFiles : t.disc(section.disc, section.subtitle);

/**
 * The files of the collection, virtualised against the window scroll so 3,000 tracks stay
 * smooth: only the lines near the viewport exist in the DOM. A release on several discs gets
 * a heading per disc (a line of the list like a row) and a list of its own per disc.
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
  const { lines, firstFileLine } = useMemo(() => {
    const all = fileListLines(discSections(files));
    const first = new Map<DiscSection, number>();
    all.forEach((line, index) => {
      if (line.kind === 'file' && !first.has(line.section)) first.set(line.section, index);
    });
    return { lines: all, firstFileLine: first };
  }, [files]);
  const { ref, start, end, totalHeight } = useListWindow(lines.length, rowHeight);

  // The lines in view, by section: each section's files sit in that section's list.
  const shown = lines.slice(start, end).map((line, offset) => ({ line, at: start + offset }));
  const sections = [...new Set(shown.map(({ line }) => line.section))];

  return (
    <Box as="section" aria-labelledby="collection-files">
      <Heading as="h2" size="lg" mb="2" id="collection-files">
        {t.files}
      </Heading>
      {files.length === 0 ? (
        <Text color="fg.muted">{t.noFiles}</Text>
      ) : (
        <Box ref={ref} position="relative" h={`${totalHeight}px`}>
          {sections.map((section) => {
            const title = section.heading ? sectionTitle(section) : undefined;
            const heading = shown.find(
              ({ line }) => line.kind === 'heading' && line.section === section,
            );
            const rows = shown.filter(
              ({ line }) => line.kind === 'file' && line.section === section,
            );
            const listTop = firstFileLine.get(section) ?? 0;
            return (
              <Fragment key={section.start}>
                {heading ? (
                  <Heading
                    as="h3"
                    size="md"
                    position="absolute"
                    top={`${heading.at * rowHeight}px`}
                    left="0"
                    right="0"
                    h={`${rowHeight}px`}
                    display="flex"
                    alignItems="flex-end"
                    pb="2"
                    px={{ base: '0', sm: '2' }}
                    data-testid="disc-heading"
                  >
                    {title}
                  </Heading>
                ) : null}
                {rows.length > 0 ? (
                  <Box
                    role="list"
                    aria-label={title}
                    data-testid="disc-files"
                    data-disc={section.disc ?? undefined}
                    position="absolute"
                    top={`${listTop * rowHeight}px`}
                    left="0"
                    right="0"
                    h={`${(section.end - section.start) * rowHeight}px`}
                  >
                    {rows.map(({ line, at }) => {
                      if (line.kind !== 'file') return null;
                      const entry = files[line.index] as CollectionFile;
                      return (
                        <Box
                          key={entry.file.fileId}
                          role="listitem"
                          position="absolute"
                          top={`${(at - listTop) * rowHeight}px`}
                          left="0"
                          right="0"
                          h={`${rowHeight}px`}
                        >
                          <FileRow
                            entry={entry}
                            position={line.index + 1}
                            admin={admin}
                            compact={compact}
                            liked={likedIds.has(entry.file.fileId)}
                            actions={actionsFor(entry, line.index)}
                          />
                        </Box>
                      );
                    })}
                  </Box>
                ) : null}
              </Fragment>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
