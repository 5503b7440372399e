import { defineScreen } from '../screen';

export const screen = defineScreen('login', {
  component: () => import('./login.lazy'),
});

declare module '../screen' {
  interface Screens {
    login: typeof screen;
  }
}
