/**
 * A grant's eligibility questions, which the grant's page asks and a new application checks the
 * company's profile against.
 */
import type { ProfilePrefill } from '../../../shared/domain/requirements-test';
import type { Locale } from '../../../shared/i18n';
import { pickField, textOf, type LocalizedText } from '../../../shared/i18n/localized-text';
import type { Executor } from '../../db/db';

export interface EligibilityQuestion<T = string> {
  id: string;
  text: T;
  expectedAnswer: boolean;
  prefill: ProfilePrefill | null;
}

function questionRows(db: Executor, grantId: string) {
  return db
    .selectFrom('grant_requirements')
    .select(['id', 'text', 'translations', 'expected_answer', 'prefill'])
    .where('grant_id', '=', grantId)
    .orderBy('position')
    .execute();
}

/** The eligibility questions in the visitor's language. */
export async function findGrantQuestions(db: Executor, grantId: string, locale: Locale): Promise<EligibilityQuestion[]> {
  const rows = await questionRows(db, grantId);
  return rows.map((row) => ({ id: row.id, text: pickField(row.text, row.translations, 'text', locale), expectedAnswer: row.expected_answer, prefill: row.prefill as ProfilePrefill | null }));
}

/** The eligibility questions in every language (for the administrators). */
export async function findGrantQuestionTexts(db: Executor, grantId: string): Promise<Array<EligibilityQuestion<LocalizedText>>> {
  const rows = await questionRows(db, grantId);
  return rows.map((row) => ({ id: row.id, text: textOf(row.text, row.translations, 'text'), expectedAnswer: row.expected_answer, prefill: row.prefill as ProfilePrefill | null }));
}
