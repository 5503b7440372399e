import { companiesSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('companies', {
  path: '/companies',
  layout: 'user',
  access: 'user',
  search: companiesSearch,
  data: ({ utils }) => [utils.companies.list.prefetch()],
  component: () => import('./companies.lazy'),
});

declare module '../screen' {
  interface Screens {
    companies: typeof screen;
  }
}
