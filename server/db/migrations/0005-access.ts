import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Deleting a collection used to leave its comment group behind, and an unowned group was then
 * readable by everyone. Such groups are removed with their comments; collection deletes now
 * take the group along, so none can appear again.
 */
export function access(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const orphaned = sql`SELECT g.comment_group_id FROM comment_groups g
        WHERE NOT EXISTS (SELECT 1 FROM collections c
          WHERE c.comment_group_id = g.comment_group_id)`;
      // Comments first: the cascade is not relied on in case foreign keys are off on this connection.
      await sql`DELETE FROM comments WHERE comment_group_id IN (${orphaned})`.execute(db);
      await sql`DELETE FROM comment_groups WHERE comment_group_id IN (${orphaned})`.execute(db);
    },
    async down() {
      // Deleted comments cannot come back; nothing to undo in the schema.
    },
  };
}
