import { defineScreen } from '../screen';

export const screen = defineScreen('invitations', {
  component: () => import('./invitations.lazy'),
});

declare module '../screen' {
  interface Screens {
    invitations: typeof screen;
  }
}
