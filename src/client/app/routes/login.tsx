import { loginSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('login', {
  path: '/login',
  layout: 'none',
  access: 'anyone',
  search: loginSearch,
  component: () => import('./login.lazy'),
});

declare module '../screen' {
  interface Screens {
    login: typeof screen;
  }
}
