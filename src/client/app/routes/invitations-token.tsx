import { defineScreen } from '../screen';

export const screen = defineScreen('invitations-token', {
  path: '/invitations/$token',
  layout: 'none',
  access: 'anyone',
  component: () => import('./invitations-token.lazy'),
});

declare module '../screen' {
  interface Screens {
    'invitations-token': typeof screen;
  }
}
