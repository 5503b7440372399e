/**
 * Hot statements built once (decision 0049): Kysely builds and compiles a statement's SQL the first
 * time it is needed, with a named placeholder where each value goes, and every later call runs that
 * same SQL with its own values through Kysely's public API (`CompiledQuery.raw`, `executeQuery`).
 * The values travel as the statement's parameters, as they do when Kysely builds it anew — never
 * in the SQL text. The text being the same every time, `db.ts` runs a read as the connection's
 * named prepared statement. Building a statement of the overview's size cost about as much CPU as
 * running it.
 *
 * A statement whose shape varies (the reader's language, a filter given or not) is built once per
 * shape: `shape` names it. Only plain values may be parameters (no lists that expand, no LIMIT).
 */
import { CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from './db';

/** The value Kysely is given while building: unique, so its place among the parameters is found. */
const marker = (name: string) => `\u0000compiled-once:${name}\u0000`;

/**
 * `compiledOnce<Values, Shape>()(build)`: a function running the statement `build` makes, given
 * the values and the shape. `value(name)` stands for a value while building.
 */
export const compiledOnce = <Values extends Record<string, unknown>, Shape extends string = ''>() => <Row>(
  build: (db: Executor, value: <K extends keyof Values & string>(name: K) => Values[K], shape: Shape) => Compilable<Row>,
) => {
  const built = new Map<Shape, { sql: string; slots: ReadonlyArray<{ name: string } | { fixed: unknown }> }>();
  const prepare = (db: Executor, shape: Shape) => {
    const compiled = build(db, ((name: string) => marker(name)) as <K extends keyof Values & string>(name: K) => Values[K], shape).compile();
    const slots = compiled.parameters.map((parameter) => {
      const name = typeof parameter === 'string' && parameter.startsWith('\u0000compiled-once:') ? parameter.slice('\u0000compiled-once:'.length, -1) : null;
      return name === null ? { fixed: parameter } : { name };
    });
    const statement = { sql: compiled.sql, slots };
    built.set(shape, statement);
    return statement;
  };
  return async (db: Executor, values: Values, shape = '' as Shape): Promise<Row[]> => {
    const statement = built.get(shape) ?? prepare(db, shape);
    const parameters = statement.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.fixed));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(statement.sql, parameters));
    return result.rows;
  };
};
