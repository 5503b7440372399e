import { defineScreen } from '../screen';

export const screen = defineScreen('admin-funds-fund_id-grants-grant_id', {
  component: () => import('./admin-funds-fund_id-grants-grant_id.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-funds-fund_id-grants-grant_id': typeof screen;
  }
}
