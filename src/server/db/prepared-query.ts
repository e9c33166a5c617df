import type { DbOrTx } from "./client.ts";

interface Preparable<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

let made = 0;

/**
 * A statement drizzle builds once instead of on every call, sent by name so that each connection parses it once.
 * Building a select with joins costs drizzle about four times what sending it costs node-postgres (262 against
 * 64 µs of CPU measured on a project's crew query), and the reads of a project, a budget or a stripboard send ten
 * each: at a school's peak that was a sixth of the portal's thread. What changes from call to call is a
 * `sql.placeholder(name)` in the statement, filled from `values`.
 *
 * A built statement is bound to what it is sent through: the pool for `db`, a transaction's connection for `tx`.
 * So it is kept per node-postgres pool or client, and a transaction reuses what an earlier one built on the same
 * pooled connection (at most one build per connection).
 */
export function preparedQuery<R>(build: (db: DbOrTx) => Preparable<R>) {
  // One name per statement text for the life of the process; node-postgres refuses a name reused for another text.
  const name = `portal_q${++made}`;
  const kept = new WeakMap<object, ReturnType<Preparable<R>["prepare"]>>();
  return (db: DbOrTx, values: Record<string, unknown>): Promise<R> => {
    const through = clientOf(db);
    let statement = kept.get(through);
    if (!statement) kept.set(through, (statement = build(db).prepare(name)));
    return statement.execute(values);
  };
}

/** node-postgres's pool (for a database) or pooled client (for a transaction) under drizzle's session. */
const clientOf = (db: DbOrTx): object => (db._.session as unknown as { client: object }).client;
