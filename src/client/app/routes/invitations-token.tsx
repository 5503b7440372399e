import { defineScreen } from '../screen';

export const screen = defineScreen('invitations-token', {
  component: () => import('./invitations-token.lazy'),
});

declare module '../screen' {
  interface Screens {
    'invitations-token': typeof screen;
  }
}
