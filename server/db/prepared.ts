// Hot queries built and compiled once (Kysely's own building and compiling costs 25-38 µs
// of a feed request). The query is compiled with a distinct placeholder for each argument; each
// call copies the compiled parameters and puts the real values in the placeholders' places, then
// runs the same SQL text (which better-sqlite3 also keeps prepared, see kysely.ts).
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

type Arg = string | number;

/** Placeholders nobody passes: strings with a NUL, numbers far below any id, limit or offset. */
function placeholder(sample: Arg, index: number): Arg {
  return typeof sample === 'number' ? -7_340_001 - index : `\u0000prepared-arg-${index}`;
}

/**
 * `build` receives placeholders shaped like `samples` (same types, one per argument) and returns
 * the query; the answer runs that query with real arguments. Every placeholder must reach the SQL
 * as a parameter, or preparing fails at start (never a wrong query later).
 */
export function prepareQuery<A extends Arg[], Row>(db: Kysely<any>, samples: NoInfer<A>, build: (...args: A) => Compilable<Row>): (...args: A) => Promise<Row[]> {
  const placeholders = samples.map(placeholder) as A;
  const compiled: CompiledQuery<Row> = build(...placeholders).compile();
  const slots = placeholders.map((value) => compiled.parameters.flatMap((parameter, index) => (parameter === value ? [index] : [])));
  const missing = slots.findIndex((indexes) => indexes.length === 0);
  if (missing >= 0) throw new Error(`prepareQuery: argument ${missing} is not a parameter of: ${compiled.sql}`);
  return async (...args: A) => {
    const parameters = compiled.parameters.slice();
    for (let i = 0; i < slots.length; i += 1) for (const index of slots[i]!) parameters[index] = args[i];
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
