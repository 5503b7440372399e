/**
 * A grant's rules against a company's facts, one line a rule naming the fact it used (✓, ✗ or
 * unknown), and the one question a missing fact asks (last year's turnover, kept on the profile).
 * "Grants for you" and the requirements test at the start of an application show the same lines
 * in the same words (`shared/domain/grant-rule-words.ts`, decision 0053); a reader with no company
 * reads the rules themselves, as what a company must be.
 */
import { useId, useState, type FormEvent } from 'react';
import type { CompanyFacts, GrantRules, Outcome, RuleResult } from '../../shared/domain/grant-rules';
import { asksTurnover, reasonText, ruleLines, shownReasons } from '../../shared/domain/grant-rule-words';
import { useFormats, useT } from '../lib/intl';
import { toast } from '../lib/toast-store';
import { errorMessageOf, trpc } from '../lib/trpc';
import { Button } from './button';
import { TextField } from './form-field';

const marks: Record<Outcome, string> = { met: '✓', unmet: '✗', unknown: '?' };
const tones: Record<Outcome, string> = { met: 'text-green-800', unmet: 'text-red-800', unknown: 'text-amber-800' };

export function RuleReasons({ rules, facts, reasons, label }: { rules: GrantRules; facts: CompanyFacts; reasons: readonly RuleResult[]; label: string }) {
  const t = useT();
  const formats = useFormats();
  return (
    <ul className="mt-2 space-y-1 text-sm" aria-label={label}>
      {shownReasons(reasons).map((reason) => (
        <li key={reason.rule} className="flex gap-2" data-rule={reason.rule} data-outcome={reason.outcome}>
          <span aria-hidden="true" className={`w-4 shrink-0 font-semibold ${tones[reason.outcome]}`}>
            {marks[reason.outcome]}
          </span>
          <span className="min-w-0 break-words text-gray-800">
            {reasonText(t, formats.money, rules, facts, reason)}
            <span className="sr-only"> ({t(`grantsForYou.${reason.outcome}`)})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The one question a missing fact asks: last year's turnover, kept on the company's profile; `onSaved` reads the reasons again. */
export function TurnoverQuestion({ companyId, onSaved }: { companyId: string; onSaved: () => Promise<unknown> }) {
  const t = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const answer = trpc.companies.answerTurnover.useMutation({ meta: { handlesError: true } });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(value.replace(/[\s.,]/g, ''));
    if (value.trim() === '' || !Number.isFinite(amount) || amount < 0) {
      setError(t('grantsForYou.turnover.invalid'));
      return;
    }
    setError(undefined);
    try {
      await answer.mutateAsync({ companyId, turnoverEur: amount });
      toast.success(t('grantsForYou.turnover.saved'));
      await onSaved();
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="rounded-md bg-amber-50 p-3 ring-1 ring-amber-200" data-question="turnover">
      <p className="text-sm font-medium text-amber-900">{t('grantsForYou.turnover.question')}</p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <TextField label={t('grantsForYou.turnover.label')} inputMode="numeric" autoComplete="off" value={value} onChange={(event) => setValue(event.target.value)} error={error} />
        </div>
        <Button type="submit" variant="secondary" size="md" disabled={answer.isPending} className={error ? 'mb-5' : ''}>
          {t('grantsForYou.turnover.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A company against one grant's rules (the requirements test at the start of an application): a
 * summary, the reasons rule by rule and, when a missing fact asks it, the one question.
 */
export function GrantRuleCheck({
  company,
  rules,
  fit,
  onSaved,
}: {
  company: { id: string; name: string };
  rules: GrantRules;
  fit: { facts: CompanyFacts; reasons: readonly RuleResult[]; excluded: boolean };
  onSaved: () => Promise<unknown>;
}) {
  const t = useT();
  const shown = shownReasons(fit.reasons);
  const unknown = fit.reasons.some((reason) => reason.outcome === 'unknown');
  const summary = fit.excluded ? 'grantsForYou.check.excluded' : shown.length === 0 ? 'grantsForYou.check.noRules' : unknown ? 'grantsForYou.check.unknown' : 'grantsForYou.check.fits';
  const tone = fit.excluded ? 'bg-amber-50 ring-amber-300' : 'bg-white ring-gray-200';
  return (
    <section aria-label={t('grantsForYou.check.heading', { company: company.name })} data-rule-check={fit.excluded ? 'excluded' : unknown ? 'unknown' : 'fits'} className={`space-y-2 rounded-md p-3 text-sm ring-1 ${tone}`}>
      <p className="font-medium text-gray-900">{t('grantsForYou.check.heading', { company: company.name })}</p>
      <p className="text-gray-800">{t(summary, { company: company.name })}</p>
      {shown.length > 0 && <RuleReasons rules={rules} facts={fit.facts} reasons={fit.reasons} label={t('grantsForYou.check.heading', { company: company.name })} />}
      {asksTurnover(fit.reasons) && <TurnoverQuestion companyId={company.id} onSaved={onSaved} />}
    </section>
  );
}

/** A grant's rules as what a company must be, for a reader with no company to check them against: plain lines, no ✓ or ✗. */
export function GrantRuleLines({ rules }: { rules: GrantRules }) {
  const t = useT();
  const formats = useFormats();
  const headingId = useId();
  const lines = ruleLines(t, formats.money, rules);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-rule-lines="" className="space-y-2 rounded-md bg-white p-3 text-sm ring-1 ring-gray-200">
      <h2 id={headingId} className="font-medium text-gray-900">
        {t('grantsForYou.rules.heading')}
      </h2>
      <p className="text-gray-700">{t('grantsForYou.rules.intro')}</p>
      <ul className="list-disc space-y-1 pl-5 text-gray-800">
        {lines.map((line) => (
          <li key={line.rule} data-rule={line.rule} className="break-words">
            {line.text}
          </li>
        ))}
      </ul>
      {rules.cofinancingPct !== null && <p className="text-xs text-gray-600">{t('grantsForYou.ownShare', { pct: formats.percent(rules.cofinancingPct, { digits: 0 }) })}</p>}
    </section>
  );
}
