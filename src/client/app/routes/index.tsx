import { defineScreen } from '../screen';

export const screen = defineScreen('index', {
  component: () => import('./index.lazy'),
});

declare module '../screen' {
  interface Screens {
    index: typeof screen;
  }
}
