import { defineScreen } from '../screen';

export const screen = defineScreen('logout', {
  path: '/logout',
  layout: 'none',
  access: 'anyone',
  component: () => import('./logout.lazy'),
});

declare module '../screen' {
  interface Screens {
    logout: typeof screen;
  }
}
