import { defineScreen } from '../screen';

export const screen = defineScreen('admin-companies', {
  path: '/admin/companies',
  layout: 'admin',
  access: 'admin',
  component: () => import('./admin-companies.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-companies': typeof screen;
  }
}
