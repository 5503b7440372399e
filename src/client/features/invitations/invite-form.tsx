import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { companyRoles, mayManageRole, type CompanyRole } from '../../../shared/domain/company-roles';
import { inviteInput } from '../../../shared/schemas/invitations';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, SelectField, TextField } from '../../ui/form-field';

const fields = inviteInput.omit({ companyId: true });

/** Invite by e-mail and role; the roles offered are those the inviter may give. */
export function InviteForm({ companyId, myRole }: { companyId: string; myRole: CompanyRole }) {
  const t = useT();
  const utils = trpc.useUtils();
  const invite = trpc.invitations.create.useMutation({ meta: { handlesError: true } });
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm({ resolver: zodResolver(fields), defaultValues: { email: '', role: '' as CompanyRole } });
  const errors = form.formState.errors;
  const roles = companyRoles.filter((role) => mayManageRole(myRole, role));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await invite.mutateAsync({ ...values, companyId });
      toast.success(t('invitations.sent'));
      form.reset({ email: '', role: values.role });
      await utils.invitations.list.invalidate({ companyId });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email', 'role']));
    }
  });

  return (
    <section aria-labelledby="invite-heading" className="space-y-3">
      <h2 id="invite-heading" className="text-lg font-semibold text-gray-900">
        {t('invitations.inviteTitle')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <FormError>{formError && t(formError.key, formError.values)}</FormError>
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
          <TextField label={t('invitations.email')} type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
          <SelectField label={t('invitations.role')} error={errors.role?.message} {...form.register('role')}>
            <option value="">—</option>
            {roles.map((role) => (
              <option key={role} value={role}>
                {t(`companies.role.${role}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {t('invitations.send')}
        </Button>
      </form>
    </section>
  );
}
