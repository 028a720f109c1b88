import { count, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

// Ids from a URL are checked before they reach a uuid column: a malformed one is simply not
// found (PostgreSQL would reject it with an error), and another customer's row is reported
// exactly like a missing one.
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A customer's search text matched literally inside `like`/`ilike` (with the default `\` escape).
export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

// One page of a list and the number of rows the same filter matches, read in parallel.
export async function pageWithTotal<Row>(
  db: Database,
  page: PromiseLike<Row[]>,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    page,
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

// `column = any($1::uuid[])`: the ids as one array parameter. `inArray` sends one parameter per id,
// and for the 500 documents a batch reads together building that list cost the server more than
// the statement, and PostgreSQL parsed 500 parameters each time.
export function inUuids(column: AnyColumn, ids: string[]) {
  return sql`${column} = any(${sql.param(ids)}::uuid[])`;
}
