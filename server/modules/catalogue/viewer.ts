import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Who is asking: decides hidden collections, blacklisted tags and the unlock column. */
export interface Viewer {
  userId: number;
  isAdmin: boolean;
  /** The role's roleBlacklistedTags, folded like collection_terms.value_key. */
  blacklistKeys: string[];
}

/**
 * SQL condition: the collection aliased `alias` may be shown to the viewer. Administrators see
 * everything (they manage the catalogue); others never see hidden collections nor ones carrying
 * a tag their role blacklists (a range of collection_terms' primary key).
 */
export function visibleTo(viewer: Viewer, alias: string): RawBuilder<SqlBool> {
  if (viewer.isAdmin) return sql<SqlBool>`1 = 1`;
  const hidden = sql.ref(`${alias}.hidden`);
  if (viewer.blacklistKeys.length === 0) return sql<SqlBool>`${hidden} = 0`;
  // NOT IN over an uncorrelated subquery is built once per query, not probed once per row.
  return sql<SqlBool>`${hidden} = 0 AND ${sql.ref(`${alias}.collection_id`)} NOT IN (
    SELECT bt.collection_id FROM collection_terms bt
    WHERE bt.kind = 'tag' AND bt.value_key IN (${sql.join(viewer.blacklistKeys)}))`;
}
