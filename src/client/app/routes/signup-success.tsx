import { redirectSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('signup-success', {
  path: '/signup-success',
  layout: 'public',
  access: 'anyone',
  search: redirectSearch,
  component: () => import('./signup-success.lazy'),
});

declare module '../screen' {
  interface Screens {
    'signup-success': typeof screen;
  }
}
