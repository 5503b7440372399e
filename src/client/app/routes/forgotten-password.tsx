import { redirectSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('forgotten-password', {
  path: '/forgotten-password',
  layout: 'none',
  access: 'anyone',
  search: redirectSearch,
  component: () => import('./forgotten-password.lazy'),
});

declare module '../screen' {
  interface Screens {
    'forgotten-password': typeof screen;
  }
}
