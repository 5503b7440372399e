/**
 * The yes/no requirements test. A signed-in user's company profile answers the questions it can
 * (marked as such, and still changeable); the result lists what is met and what is not.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { evaluateRequirements, prefillAnswer, type Answers } from '../../../shared/domain/requirements-test';
import { useT } from '../../lib/intl';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/button';
import { GrantRuleCheck, GrantRuleLines } from '../../ui/grant-rule-reasons';
import { inputClass } from '../../ui/input-class';

type RequirementsTestData = RouterOutputs['grants']['requirementsTest'];

export function RequirementsTest({ grant, questions, companies, rules }: Pick<RequirementsTestData, 'grant' | 'questions' | 'companies' | 'rules'>) {
  const t = useT();
  const utils = trpc.useUtils();
  const companyFieldId = useId();
  const [companyId, setCompanyId] = useState(companies[0]?.id ?? '');
  const company = companies.find((candidate) => candidate.id === companyId) ?? null;
  const prefilled = useMemo(() => {
    const answers: Answers = {};
    if (!company) return answers;
    for (const question of questions) {
      if (question.prefill) answers[question.id] = prefillAnswer(question.prefill, { orgId: company.orgId, employees: company.employees, ...company.fit?.facts });
    }
    return answers;
  }, [company, questions]);
  const [answers, setAnswers] = useState<Answers>(prefilled);
  const [showResult, setShowResult] = useState(false);
  // Counts submissions, so a second "see the result" moves the reader to the result again.
  const [submitted, setSubmitted] = useState(0);
  const resultRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (submitted === 0) return;
    // The result appears below the button, out of sight on a phone: take the reader (and the
    // screen reader's focus) there.
    resultRef.current?.focus({ preventScroll: true });
    resultRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [submitted]);
  useEffect(() => setAnswers((current) => ({ ...current, ...Object.fromEntries(Object.entries(prefilled).filter(([, value]) => value !== undefined)) })), [prefilled]);

  const result = evaluateRequirements(questions, answers);
  // A rule of the grant the company's facts do not meet excludes it as a "no" does (decision 0053).
  const excludedByRules = company?.fit?.excluded === true;
  const textOf = (id: string) => questions.find((question) => question.id === id)?.text ?? '';
  const canStart = grant.status === 'open' || grant.status === 'upcoming';

  const companyChoice = (
        <div className="space-y-1 rounded-lg bg-gray-50 p-3 ring-1 ring-gray-200">
          <label htmlFor={companyFieldId} className="block text-sm font-medium text-gray-800">
            {t('grants.test.company')}
          </label>
          <select id={companyFieldId} value={companyId} onChange={(event) => setCompanyId(event.target.value)} className={inputClass}>
            {companies.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
          <p className="text-xs text-gray-600">{t('grants.test.prefillHint')}</p>
        </div>
  );
  // A company is checked against the grant's rules; without one (a visitor) the rules are read as
  // what a company must be.
  const ruleCheck = company?.fit ? (
    <GrantRuleCheck company={company} rules={rules} fit={company.fit} onSaved={() => utils.grants.requirementsTest.invalidate({ slug: grant.slug })} />
  ) : (
    <GrantRuleLines rules={rules} />
  );
  if (questions.length === 0) {
    return (
      <div className="space-y-6">
        {companies.length > 0 && companyChoice}
        {ruleCheck}
        <p className="text-sm text-gray-700">{t('grants.test.noQuestions')}</p>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {companies.length > 0 && companyChoice}
      {ruleCheck}
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          setShowResult(true);
          setSubmitted((count) => count + 1);
        }}
      >
        <ol className="space-y-3">
          {questions.map((question, index) => {
            const fromProfile = prefilled[question.id] !== undefined && answers[question.id] === prefilled[question.id];
            return (
              <li key={question.id}>
                <fieldset className="rounded-lg bg-white p-3 ring-1 ring-gray-200">
                  <legend className="sr-only">{question.text}</legend>
                  <p className="text-sm font-medium text-gray-900" aria-hidden="true">
                    {index + 1}. {question.text}
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-4">
                    {[true, false].map((value) => (
                      <label key={String(value)} className="inline-flex items-center gap-2 text-sm text-gray-800">
                        <input
                          type="radio"
                          name={`question-${question.id}`}
                          className="size-4 accent-primary-700"
                          checked={answers[question.id] === value}
                          onChange={() => setAnswers((current) => ({ ...current, [question.id]: value }))}
                        />
                        {value ? t('grants.test.yes') : t('grants.test.no')}
                      </label>
                    ))}
                    {fromProfile && <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs text-blue-800 ring-1 ring-blue-200">{t('grants.test.fromProfile')}</span>}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <Button type="submit" size="md">
          {t('grants.test.submit')}
        </Button>
      </form>

      {showResult && (
        <section ref={resultRef} tabIndex={-1} aria-labelledby="test-result" className={`scroll-mt-4 rounded-lg p-4 ring-1 outline-none focus-visible:ring-2 ${result.eligible && !excludedByRules ? 'bg-primary-50 ring-primary-200' : 'bg-amber-50 ring-amber-200'}`}>
          <h2 id="test-result" className="text-base font-semibold text-gray-900">
            {result.eligible && excludedByRules
              ? t('grants.test.resultExcludedByRules')
              : result.eligible
              ? t('grants.test.resultEligible')
              : !result.complete
                ? t('grants.test.resultIncomplete', { count: result.unanswered.length })
                : t('grants.test.resultNotEligible', { count: result.notMet.length })}
          </h2>
          {result.met.length > 0 && (
            <>
              <h3 className="mt-3 text-sm font-medium text-gray-900">{t('grants.test.met')}</h3>
              <ul className="mt-1 space-y-1 text-sm text-gray-800">
                {result.met.map((id) => (
                  <li key={id} className="flex gap-2">
                    <span aria-hidden="true" className="text-primary-700">✓</span>
                    {textOf(id)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.notMet.length > 0 && (
            <>
              <h3 className="mt-3 text-sm font-medium text-gray-900">{t('grants.test.notMet')}</h3>
              <ul className="mt-1 space-y-1 text-sm text-gray-800">
                {result.notMet.map((id) => (
                  <li key={id} className="flex gap-2">
                    <span aria-hidden="true" className="text-red-700">✗</span>
                    {textOf(id)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.unanswered.length > 0 && (
            <>
              <h3 className="mt-3 text-sm font-medium text-gray-900">{t('grants.test.unanswered')}</h3>
              <ul className="mt-1 space-y-1 text-sm text-gray-800">
                {result.unanswered.map((id) => (
                  <li key={id}>{textOf(id)}</li>
                ))}
              </ul>
            </>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            {/* Only a company that meets every requirement is invited to apply; the others read why not. */}
            {canStart && result.eligible && !excludedByRules && (
              // Embedded in another site, the application starts in the whole window.
              <Link to="/grants/$grant_slug/start" params={{ grant_slug: grant.slug }} target="_top" className={buttonClass('primary', 'md')}>
                {t('grants.detail.start')}
              </Link>
            )}
            <Link to="/grants/$grant_slug" params={{ grant_slug: grant.slug }} target="_top" className={buttonClass('ghost', 'md')}>
              {t('grants.test.readMore', { title: grant.title })}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
