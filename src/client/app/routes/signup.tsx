import { signupSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('signup', {
  path: '/signup',
  layout: 'none',
  access: 'anyone',
  search: signupSearch,
  component: () => import('./signup.lazy'),
});

declare module '../screen' {
  interface Screens {
    signup: typeof screen;
  }
}
