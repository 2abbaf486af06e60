import type { CollectionFile } from '../../../domain/collection';

/** A run of the file list on one disc; `start`..`end` index the files (end exclusive). */
export interface DiscSection {
  /** Null for files without a disc number: covers, NFOs, tracks not tagged with one. */
  disc: number | null;
  /** The disc's subtitle (TSST, DISCSUBTITLE) from its first track that has one. */
  subtitle: string | null;
  start: number;
  end: number;
  /** Whether a heading introduces it: every disc, and files without one after a disc. */
  heading: boolean;
}

const discOf = (entry: CollectionFile): number | null => entry.audio?.audioDiscNumber ?? null;

/**
 * The file list cut at each change of disc, in the server's order (disc, track number, path).
 * A collection whose tracks span fewer than two disc numbers is one section without heading.
 * Files without a disc number that follow a disc get a heading of their own ("Other files"),
 * so they are not read as the last disc's.
 */
export function discSections(files: readonly CollectionFile[]): DiscSection[] {
  const whole: DiscSection = {
    disc: null,
    subtitle: null,
    start: 0,
    end: files.length,
    heading: false,
  };
  const discs = new Set(files.map(discOf).filter((disc) => disc !== null));
  if (discs.size < 2) return files.length === 0 ? [] : [whole];

  const sections: DiscSection[] = [];
  files.forEach((entry, index) => {
    const disc = discOf(entry);
    const last = sections.at(-1);
    if (last && last.disc === disc) {
      last.end = index + 1;
      last.subtitle ??= entry.audio?.audioDiscSubtitle ?? null;
      return;
    }
    sections.push({
      disc,
      subtitle: entry.audio?.audioDiscSubtitle ?? null,
      start: index,
      end: index + 1,
      heading: disc !== null || sections.length > 0,
    });
  });
  return sections;
}

/** One line of the windowed list: a section's heading or a file. */
export type FileListLine =
  { kind: 'heading'; section: DiscSection } | { kind: 'file'; section: DiscSection; index: number };

/** The lines of the list in order: each section's heading (when it has one), then its files. */
export function fileListLines(sections: readonly DiscSection[]): FileListLine[] {
  return sections.flatMap((section) => {
    const files = Array.from({ length: section.end - section.start }, (_, offset) => ({
      kind: 'file' as const,
      section,
      index: section.start + offset,
    }));
    return section.heading ? [{ kind: 'heading' as const, section }, ...files] : files;
  });
}
