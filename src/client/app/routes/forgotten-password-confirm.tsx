import { tokenSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('forgotten-password-confirm', {
  path: '/forgotten-password/confirm',
  layout: 'none',
  access: 'anyone',
  search: tokenSearch,
  component: () => import('./forgotten-password-confirm.lazy'),
});

declare module '../screen' {
  interface Screens {
    'forgotten-password-confirm': typeof screen;
  }
}
