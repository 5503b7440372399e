import { tokenSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('verify-email', {
  path: '/verify-email',
  layout: 'none',
  access: 'anyone',
  search: tokenSearch,
  component: () => import('./verify-email.lazy'),
});

declare module '../screen' {
  interface Screens {
    'verify-email': typeof screen;
  }
}
