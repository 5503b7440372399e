import { defineScreen } from '../screen';

export const screen = defineScreen('forgotten-password', {
  component: () => import('./forgotten-password.lazy'),
});

declare module '../screen' {
  interface Screens {
    'forgotten-password': typeof screen;
  }
}
