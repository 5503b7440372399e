import { defineScreen } from '../screen';

export const screen = defineScreen('admin-funds', {
  path: '/admin/funds',
  layout: 'admin',
  access: 'admin',
  component: () => import('./admin-funds.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-funds': typeof screen;
  }
}
