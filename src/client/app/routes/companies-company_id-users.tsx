import { defineScreen } from '../screen';

export const screen = defineScreen('companies-company_id-users', {
  path: '/companies/$company_id/users',
  layout: 'user',
  access: 'user',
  data: ({ utils, params }) => [utils.companies.get.prefetch({ companyId: params.company_id })],
  component: () => import('./companies-company_id-users.lazy'),
});

declare module '../screen' {
  interface Screens {
    'companies-company_id-users': typeof screen;
  }
}
