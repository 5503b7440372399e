import { defineScreen } from '../screen';

export const screen = defineScreen('forgotten-password-confirm', {
  component: () => import('./forgotten-password-confirm.lazy'),
});

declare module '../screen' {
  interface Screens {
    'forgotten-password-confirm': typeof screen;
  }
}
