import type { CreateTableBuilder } from 'kysely';

export type MigrationDialect = 'sqlite' | 'postgres';

/** An auto-numbered primary key that reads as a plain integer on both dialects. */
export function idColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  name: string,
  dialect: MigrationDialect,
): CreateTableBuilder<T, string> {
  return dialect === 'postgres'
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}
