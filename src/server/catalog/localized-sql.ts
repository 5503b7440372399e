/**
 * A catalogue text picked in SQL for the reader's language: the `translations` entry when it is
 * written, else the Danish column — the rule of `pickText`, for queries that read many rows at once.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Locale } from '../../shared/i18n';

export function localizedSql(table: string, column: string, locale: Locale): RawBuilder<string> {
  const danish = sql.ref(`${table}.${column}`);
  if (locale === 'da') return sql<string>`${danish}`;
  return sql<string>`coalesce(nullif(${sql.ref(`${table}.translations`)} #>> ${sql.lit(`{${locale},${column}}`)}, ''), ${danish})`;
}
