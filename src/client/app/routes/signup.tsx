import { defineScreen } from '../screen';

export const screen = defineScreen('signup', {
  component: () => import('./signup.lazy'),
});

declare module '../screen' {
  interface Screens {
    signup: typeof screen;
  }
}
