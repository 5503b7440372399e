import { defineScreen } from '../screen';

export const screen = defineScreen('admin-funds-fund_id-grants-grant_id', {
  path: '/admin/funds/$fund_id/grants/$grant_id',
  layout: 'admin',
  access: 'admin',
  component: () => import('./admin-funds-fund_id-grants-grant_id.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-funds-fund_id-grants-grant_id': typeof screen;
  }
}
