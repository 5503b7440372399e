/**
 * A grant section: kind, title, guidance for applicants, the ordered requirements, the inputs and
 * the AI drafter's instructions. Requirements and inputs keep their ids when edited, so the
 * answers of applications already started stay attached to them.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { inputTypes, sectionKinds, updateSectionInput, type InputType, type SectionKind } from '../../../shared/schemas/grants';
import type { MessageKey } from '../../../shared/i18n';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { SelectField, TextAreaField, TextField } from '../../ui/form-field';
import { move, newRowKey, RowButtons } from './ordered-rows';
import { SaveBar, useVersionedSave } from './versioned-save';
import { sectionKindKeys } from './grant-detail';
import { LoadError } from '../../ui/load-error';

type Section = inferRouterOutputs<AppRouter>['grants']['admin']['getSection'];

const inputTypeKeys: Record<InputType, MessageKey> = {
  text: 'grants.inputType.text',
  number: 'grants.inputType.number',
  date: 'grants.inputType.date',
  list: 'grants.inputType.list',
};

interface RequirementDraft {
  key: string;
  id?: string | undefined;
  text: string;
}
interface InputDraft {
  key: string;
  id?: string | undefined;
  label: string;
  type: InputType;
  required: boolean;
  maxChars: string;
}

function SectionForm({ section, onSaved }: { section: Section; onSaved: () => Promise<unknown> }) {
  const t = useT();
  const [kind, setKind] = useState<SectionKind>(section.kind);
  const [title, setTitle] = useState(section.title);
  const [guidance, setGuidance] = useState(section.guidance);
  const [aiInstructions, setAiInstructions] = useState(section.aiInstructions);
  const [requirements, setRequirements] = useState<RequirementDraft[]>(section.requirements.map((r) => ({ key: r.id, id: r.id, text: r.text })));
  const [inputs, setInputs] = useState<InputDraft[]>(
    section.inputs.map((i) => ({ key: i.id, id: i.id, label: i.label, type: i.type, required: i.required, maxChars: i.maxChars === null ? '' : String(i.maxChars) })),
  );
  const update = trpc.grants.admin.updateSection.useMutation();
  const { errors, formError, conflict, save: saveDraft } = useVersionedSave({ schema: updateSectionInput, send: (input) => update.mutateAsync(input), saved: 'grants.admin.sectionSaved', onSaved });

  function save() {
    return saveDraft({
      id: section.id,
      version: section.version,
      kind,
      title,
      guidance,
      aiInstructions,
      requirements: requirements.map(({ id, text }) => ({ id, text })),
      inputs: inputs.map(({ id, label, type, required, maxChars }) => ({ id, label, type, required, maxChars: maxChars.trim() === '' ? null : Number(maxChars) })),
    });
  }

  const setInput = (index: number, patch: Partial<InputDraft>) => setInputs((current) => current.map((input, i) => (i === index ? { ...input, ...patch } : input)));

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <section aria-labelledby="section-basics" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="section-basics" className="text-base font-semibold text-gray-900">
          {t('grants.admin.sectionDetails')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label={t('grants.field.kind')} value={kind} onChange={(event) => setKind(event.target.value as SectionKind)}>
            {sectionKinds.map((value) => (
              <option key={value} value={value}>
                {t(sectionKindKeys[value])}
              </option>
            ))}
          </SelectField>
          <TextField label={t('grants.admin.sectionTitle')} value={title} error={errors.title} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <TextAreaField label={t('grants.field.guidance')} hint={t('grants.field.guidanceHint')} rows={5} value={guidance} error={errors.guidance} onChange={(event) => setGuidance(event.target.value)} />
        <TextAreaField
          label={t('grants.field.aiInstructions')}
          hint={t('grants.field.aiInstructionsHint')}
          rows={4}
          value={aiInstructions}
          error={errors.aiInstructions}
          onChange={(event) => setAiInstructions(event.target.value)}
        />
      </section>

      <section aria-labelledby="section-requirements" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="section-requirements" className="text-base font-semibold text-gray-900">
          {t('grants.admin.requirements')}
        </h2>
        <p className="text-sm text-gray-600">{t('grants.admin.requirementsHint')}</p>
        {requirements.length === 0 && <p className="text-sm text-gray-700">{t('grants.admin.noRequirements')}</p>}
        <ol className="space-y-2">
          {requirements.map((requirement, index) => (
            <li key={requirement.key} className="space-y-1 rounded-md bg-gray-50 p-3 ring-1 ring-gray-200">
              <TextField
                label={t('grants.admin.requirementText', { number: index + 1 })}
                value={requirement.text}
                error={errors[`requirements.${index}.text`]}
                onChange={(event) => setRequirements((current) => current.map((r, i) => (i === index ? { ...r, text: event.target.value } : r)))}
              />
              <RowButtons
                index={index}
                count={requirements.length}
                name={requirement.text || String(index + 1)}
                onMove={(by) => setRequirements((current) => move(current, index, by))}
                onRemove={() => setRequirements((current) => current.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ol>
        <Button variant="secondary" onClick={() => setRequirements((current) => [...current, { key: newRowKey(), text: '' }])}>
          {t('grants.admin.addRequirement')}
        </Button>
      </section>

      <section aria-labelledby="section-inputs" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="section-inputs" className="text-base font-semibold text-gray-900">
          {t('grants.admin.inputs')}
        </h2>
        <p className="text-sm text-gray-600">{t('grants.admin.inputsHint')}</p>
        {inputs.length === 0 && <p className="text-sm text-gray-700">{t('grants.admin.noInputs')}</p>}
        <ol className="space-y-2">
          {inputs.map((input, index) => (
            <li key={input.key} className="space-y-2 rounded-md bg-gray-50 p-3 ring-1 ring-gray-200">
              <div className="grid gap-2 sm:grid-cols-3">
                <TextField label={t('grants.admin.inputLabel', { number: index + 1 })} value={input.label} error={errors[`inputs.${index}.label`]} onChange={(event) => setInput(index, { label: event.target.value })} />
                <SelectField label={t('grants.admin.inputType')} value={input.type} onChange={(event) => setInput(index, { type: event.target.value as InputType })}>
                  {inputTypes.map((type) => (
                    <option key={type} value={type}>
                      {t(inputTypeKeys[type])}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label={t('grants.admin.inputMaxChars')}
                  inputMode="numeric"
                  value={input.maxChars}
                  error={errors[`inputs.${index}.maxChars`]}
                  onChange={(event) => setInput(index, { maxChars: event.target.value })}
                />
              </div>
              <label className="inline-flex items-center gap-2 text-sm text-gray-800">
                <input type="checkbox" className="size-4 accent-primary-700" checked={input.required} onChange={(event) => setInput(index, { required: event.target.checked })} />
                {t('grants.admin.inputRequired')}
              </label>
              <RowButtons
                index={index}
                count={inputs.length}
                name={input.label || String(index + 1)}
                onMove={(by) => setInputs((current) => move(current, index, by))}
                onRemove={() => setInputs((current) => current.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ol>
        <Button variant="secondary" onClick={() => setInputs((current) => [...current, { key: newRowKey(), label: '', type: 'text', required: true, maxChars: '' }])}>
          {t('grants.admin.addInput')}
        </Button>
      </section>

      <SaveBar label={t('grants.admin.saveSection')} pending={update.isPending} formError={formError} conflict={conflict} onReload={() => void onSaved()} />
    </form>
  );
}

export function AdminSectionEditor({ fundId, grantId, sectionId }: { fundId: string; grantId: string; sectionId: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const section = trpc.grants.admin.getSection.useQuery({ id: sectionId });
  if (section.isPending) {
    return (
      <p role="status" className="text-sm text-gray-600">
        {t('common.loading')}
      </p>
    );
  }
  if (section.isError || section.data.grantId !== grantId || section.data.fundId !== fundId) {
    // Loaded, but not under this fund (or grant): as good as not there.
    return <LoadError error={section.isError ? section.error : null} onRetry={() => void section.refetch()} />;
  }
  const data = section.data;
  return (
    <div className="space-y-4">
      <nav aria-label={t('grants.admin.breadcrumb')} className="flex flex-wrap gap-1 text-sm text-gray-600">
        <Link to="/admin/funds" className="hover:text-gray-900 hover:underline">
          {t('route.admin-funds')}
        </Link>
        <span aria-hidden="true">/</span>
        <Link to="/admin/funds/$fund_id/grants/$grant_id" params={{ fund_id: fundId, grant_id: grantId }} className="hover:text-gray-900 hover:underline">
          {data.grantTitle}
        </Link>
      </nav>
      <h1 className="text-2xl font-semibold text-gray-900">{data.title}</h1>
      <SectionForm key={`${data.id}:${data.version}`} section={data} onSaved={() => utils.grants.invalidate()} />
    </div>
  );
}
