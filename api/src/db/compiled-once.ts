import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** Stands in for the call's value number `index` while the query is built. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query whose SQL is the same on every call, built and compiled by Kysely once per database; each call
 * only supplies its values. Kysely builds an immutable tree of frozen nodes and walks it to text on every
 * call: about 0.1 ms for a small query, paid on every request by the token guard before this
 * (docs/benchmarks.md). `build` gets stand-ins for the values, typed as the values: use each as a plain
 * value (`where('id', '=', id)`, `${id}` in `sql`), never in JavaScript logic or as a list.
 */
export function compiledOnce<Args extends unknown[], Row>(build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>) {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  return async (db: Kysely<Database>, ...args: Args): Promise<Row[]> => {
    let query = compiled.get(db);
    if (query === undefined) {
      query = build(db, ...(args.map((_, index) => new Slot(index)) as Args)).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
