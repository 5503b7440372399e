import { defineScreen } from '../screen';

export const screen = defineScreen('logout', {
  component: () => import('./logout.lazy'),
});

declare module '../screen' {
  interface Screens {
    logout: typeof screen;
  }
}
