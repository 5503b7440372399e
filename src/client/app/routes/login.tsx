import { loginSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('login', {
  search: loginSearch,
  component: () => import('./login.lazy'),
});

declare module '../screen' {
  interface Screens {
    login: typeof screen;
  }
}
