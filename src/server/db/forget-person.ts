import { sql, type RawBuilder } from 'kysely';

/**
 * A person whose account is deleted, as the modules that hold words about them forget them
 * (decision 0043): each module that owns a table with their name or address in others' words
 * replaces it with `formerMember`, in the deletion's one transaction.
 */
export interface ForgottenPerson {
  id: string;
  email: string;
  /** Their full name and their address: the words replaced (those of at least three characters). */
  names: string[];
  formerMember: string;
  /** `column` with every name replaced. */
  scrub(column: string): RawBuilder<string>;
  /** Whether `column` names them. */
  mentioning(column: string): RawBuilder<boolean>;
  /** Whether the SQL text `text` names them. */
  naming(text: RawBuilder<unknown>): RawBuilder<boolean>;
}

export function forgottenPerson(user: { id: string; email: string; firstname: string; lastname: string }, formerMember: string): ForgottenPerson {
  const fullName = `${user.firstname} ${user.lastname}`.trim();
  const names = [...new Set([fullName, user.email].filter((name) => name.length >= 3))];
  const naming = (text: RawBuilder<unknown>) => (names.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(names.map((name) => sql`strpos(${text}, ${name}) > 0`), sql` or `)})`);
  return {
    id: user.id,
    email: user.email,
    names,
    formerMember,
    scrub: (column) => names.reduce((expression, name) => sql<string>`replace(${expression}, ${name}, ${formerMember})`, sql<string>`${sql.ref(column)}`),
    mentioning: (column) => naming(sql`${sql.ref(column)}`),
    naming,
  };
}
