import { defineScreen } from '../screen';

export const screen = defineScreen('admin-funds', {
  component: () => import('./admin-funds.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-funds': typeof screen;
  }
}
