/**
 * A grant section: kind, title, guidance for applicants, the ordered requirements, the inputs and
 * the AI drafter's instructions. Requirements and inputs keep their ids when edited, so the
 * answers of applications already started stay attached to them.
 */
import { Link } from '@tanstack/react-router';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';
import { updateSectionInput, type UpdateSectionInput } from '../../../shared/schemas/grants';
import { inputTypes, sectionKinds, type InputType } from '../../../shared/domain/grants';
import type { MessageKey } from '../../../shared/i18n';
import { useLocalized, useT } from '../../lib/intl';
import { emptyText } from '../../../shared/i18n/localized-text';
import { LocalizedField } from '../../ui/localized-field';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { optionalNumber, SelectField, TextAreaField, TextField } from '../../ui/form-field';
import { QueryState } from '../../ui/query-view';
import { RowButtons } from './ordered-rows';
import { SaveBar, UnsavedChangesGuard, useVersionedSave } from './versioned-save';
import { sectionKindKeys } from './grant-detail';

type Section = inferRouterOutputs<AppRouter>['grants']['admin']['getSection'];

const inputTypeKeys: Record<InputType, MessageKey> = {
  text: 'grants.inputType.text',
  number: 'grants.inputType.number',
  date: 'grants.inputType.date',
  list: 'grants.inputType.list',
};

/** The saved section as the form's values: what `updateSectionInput` parses. */
function valuesOf(section: Section): UpdateSectionInput {
  const { id, version, kind, title, guidance, aiInstructions, maxChars } = section;
  return {
    ...{ id, version, kind, title, guidance, aiInstructions, maxChars },
    requirements: section.requirements.map((requirement) => ({ id: requirement.id, text: requirement.text })),
    inputs: section.inputs.map((input) => ({ id: input.id, label: input.label, type: input.type, required: input.required, maxChars: input.maxChars })),
  };
}

function SectionForm({ section, onSaved }: { section: Section; onSaved: () => Promise<unknown> }) {
  const t = useT();
  const form = useForm({ resolver: zodResolver(updateSectionInput), defaultValues: valuesOf(section) });
  const errors = form.formState.errors;
  const requirements = useFieldArray({ control: form.control, name: 'requirements' });
  const inputs = useFieldArray({ control: form.control, name: 'inputs' });
  const update = trpc.grants.admin.updateSection.useMutation({ meta: { handlesError: true } });
  const { formError, conflict, onSubmit, dirty } = useVersionedSave(form, { send: (values) => update.mutateAsync(values), saved: 'grants.admin.sectionSaved', onSaved });

  return (
    <form noValidate className="space-y-6" onSubmit={onSubmit}>
      <section aria-labelledby="section-basics" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="section-basics" className="text-base font-semibold text-gray-900">
          {t('grants.admin.sectionDetails')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label={t('grants.field.kind')} {...form.register('kind')}>
            {sectionKinds.map((value) => (
              <option key={value} value={value}>
                {t(sectionKindKeys[value])}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('grants.admin.sectionMaxChars')}
            hint={t('grants.admin.sectionMaxCharsHint')}
            inputMode="numeric"
            error={errors.maxChars?.message}
            {...form.register('maxChars', optionalNumber)}
          />
        </div>
        <LocalizedField label={t('grants.admin.sectionTitle')} required errors={errors.title} register={(locale) => form.register(`title.${locale}`)} />
        <LocalizedField
          label={t('grants.field.guidance')}
          hint={t('grants.field.guidanceHint')}
          multiline
          rows={4}
          errors={errors.guidance}
          register={(locale) => form.register(`guidance.${locale}`)}
        />
        <TextAreaField label={t('grants.field.aiInstructions')} hint={t('grants.field.aiInstructionsHint')} rows={4} error={errors.aiInstructions?.message} {...form.register('aiInstructions')} />
      </section>

      <section aria-labelledby="section-requirements" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="section-requirements" className="text-base font-semibold text-gray-900">
          {t('grants.admin.requirements')}
        </h2>
        <p className="text-sm text-gray-600">{t('grants.admin.requirementsHint')}</p>
        {requirements.fields.length === 0 && <p className="text-sm text-gray-700">{t('grants.admin.noRequirements')}</p>}
        <ol className="space-y-2">
          {requirements.fields.map((requirement, index) => (
            <li key={requirement.id} className="space-y-1 rounded-md bg-gray-50 p-3 ring-1 ring-gray-200">
              <LocalizedField
                label={t('grants.admin.requirementText', { number: index + 1 })}
                required
                errors={errors.requirements?.[index]?.text}
                register={(locale) => form.register(`requirements.${index}.text.${locale}`)}
              />
              <RowButtons
                index={index}
                count={requirements.fields.length}
                name={form.watch(`requirements.${index}.text.da`) || String(index + 1)}
                onMove={(to) => requirements.move(index, to)}
                onRemove={() => requirements.remove(index)}
              />
            </li>
          ))}
        </ol>
        <Button variant="secondary" onClick={() => requirements.append({ text: emptyText() })}>
          {t('grants.admin.addRequirement')}
        </Button>
      </section>

      <section aria-labelledby="section-inputs" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <h2 id="section-inputs" className="text-base font-semibold text-gray-900">
          {t('grants.admin.inputs')}
        </h2>
        <p className="text-sm text-gray-600">{t('grants.admin.inputsHint')}</p>
        {inputs.fields.length === 0 && <p className="text-sm text-gray-700">{t('grants.admin.noInputs')}</p>}
        <ol className="space-y-2">
          {inputs.fields.map((input, index) => (
            <li key={input.id} className="space-y-2 rounded-md bg-gray-50 p-3 ring-1 ring-gray-200">
              <LocalizedField
                label={t('grants.admin.inputLabel', { number: index + 1 })}
                required
                errors={errors.inputs?.[index]?.label}
                register={(locale) => form.register(`inputs.${index}.label.${locale}`)}
              />
              <div className="grid gap-2 sm:grid-cols-2">
                <SelectField label={t('grants.admin.inputType')} {...form.register(`inputs.${index}.type`)}>
                  {inputTypes.map((type) => (
                    <option key={type} value={type}>
                      {t(inputTypeKeys[type])}
                    </option>
                  ))}
                </SelectField>
                {/* A length limit means something for text only (a date or a number has none). */}
                {(form.watch(`inputs.${index}.type`) === 'text' || form.watch(`inputs.${index}.type`) === 'list') && (
                  <TextField label={t('grants.admin.inputMaxChars')} inputMode="numeric" error={errors.inputs?.[index]?.maxChars?.message} {...form.register(`inputs.${index}.maxChars`, optionalNumber)} />
                )}
              </div>
              <label className="inline-flex items-center gap-2 text-sm text-gray-800">
                <input type="checkbox" className="size-4 accent-primary-700" {...form.register(`inputs.${index}.required`)} />
                {t('grants.admin.inputRequired')}
              </label>
              <RowButtons
                index={index}
                count={inputs.fields.length}
                name={form.watch(`inputs.${index}.label.da`) || String(index + 1)}
                onMove={(to) => inputs.move(index, to)}
                onRemove={() => inputs.remove(index)}
              />
            </li>
          ))}
        </ol>
        <Button variant="secondary" onClick={() => inputs.append({ label: emptyText(), type: 'text', required: true, maxChars: null })}>
          {t('grants.admin.addInput')}
        </Button>
      </section>

      <SaveBar label={t('grants.admin.saveSection')} pending={update.isPending} formError={formError} conflict={conflict} onReload={() => void onSaved()} dirty={dirty} />
      <UnsavedChangesGuard dirty={dirty} />
    </form>
  );
}

export function AdminSectionEditor({ fundId, grantId, sectionId }: { fundId: string; grantId: string; sectionId: string }) {
  const t = useT();
  const pick = useLocalized();
  const utils = trpc.useUtils();
  const section = trpc.grants.admin.getSection.useQuery({ id: sectionId });
  // Loaded, but not under this fund (or grant): as good as not there.
  if (section.status !== 'success' || section.data.grantId !== grantId || section.data.fundId !== fundId) return <QueryState query={section} />;
  const data = section.data;
  return (
    <div className="space-y-4">
      <nav aria-label={t('grants.admin.breadcrumb')} className="flex flex-wrap gap-1 text-sm text-gray-600">
        <Link to="/admin/funds" className="hover:text-gray-900 hover:underline">
          {t('route.admin-funds')}
        </Link>
        <span aria-hidden="true">/</span>
        <Link to="/admin/funds/$fund_id/grants" params={{ fund_id: fundId }} className="hover:text-gray-900 hover:underline">
          {pick(data.fundName)}
        </Link>
        <span aria-hidden="true">/</span>
        <Link to="/admin/funds/$fund_id/grants/$grant_id" params={{ fund_id: fundId, grant_id: grantId }} className="hover:text-gray-900 hover:underline">
          {pick(data.grantTitle)}
        </Link>
      </nav>
      <h1 className="text-2xl font-semibold text-gray-900">{pick(data.title)}</h1>
      <SectionForm key={`${data.id}:${data.version}`} section={data} onSaved={() => utils.grants.invalidate()} />
    </div>
  );
}
