import { defineScreen } from '../screen';

export const screen = defineScreen('dk', {
  component: () => import('./dk.lazy'),
});

declare module '../screen' {
  interface Screens {
    dk: typeof screen;
  }
}
