import { signupSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('signup', {
  search: signupSearch,
  component: () => import('./signup.lazy'),
});

declare module '../screen' {
  interface Screens {
    signup: typeof screen;
  }
}
