import { defineScreen } from '../screen';

export const screen = defineScreen('invitations', {
  path: '/invitations',
  layout: 'none',
  access: 'user',
  component: () => import('./invitations.lazy'),
});

declare module '../screen' {
  interface Screens {
    invitations: typeof screen;
  }
}
