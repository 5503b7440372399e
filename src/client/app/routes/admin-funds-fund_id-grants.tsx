import { defineScreen } from '../screen';

export const screen = defineScreen('admin-funds-fund_id-grants', {
  component: () => import('./admin-funds-fund_id-grants.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-funds-fund_id-grants': typeof screen;
  }
}
