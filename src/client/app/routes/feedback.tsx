import { defineScreen } from '../screen';

export const screen = defineScreen('feedback', {
  component: () => import('./feedback.lazy'),
});

declare module '../screen' {
  interface Screens {
    feedback: typeof screen;
  }
}
