import { defineScreen } from '../screen';

export const screen = defineScreen('verify-email', {
  component: () => import('./verify-email.lazy'),
});

declare module '../screen' {
  interface Screens {
    'verify-email': typeof screen;
  }
}
