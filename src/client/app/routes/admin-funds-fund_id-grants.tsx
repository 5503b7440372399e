import { defineScreen } from '../screen';

export const screen = defineScreen('admin-funds-fund_id-grants', {
  path: '/admin/funds/$fund_id/grants',
  layout: 'admin',
  access: 'admin',
  component: () => import('./admin-funds-fund_id-grants.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-funds-fund_id-grants': typeof screen;
  }
}
