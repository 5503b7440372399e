/**
 * A person's name as the product shows it, in SQL: "Firstname Lastname", trimmed. `alias` names
 * the `users` row in the query. One definition, so every list, e-mail and history says it alike.
 */
import { sql } from 'kysely';

/** Null when there is no such row (an outer join with a deleted person). */
export function personName(alias: string) {
  return sql<string | null>`trim(${sql.ref(`${alias}.firstname`)} || ' ' || ${sql.ref(`${alias}.lastname`)})`;
}

/** The name, or null for a person who gave none. */
export function personNameOrNull(alias: string) {
  return sql<string | null>`nullif(${personName(alias)}, '')`;
}

/** The name, or the address for a person who gave none. */
export function personNameOrEmail(alias: string) {
  return sql<string>`coalesce(${personNameOrNull(alias)}, ${sql.ref(`${alias}.email`)})`;
}
