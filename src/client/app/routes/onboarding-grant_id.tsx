import { defineScreen } from '../screen';

export const screen = defineScreen('onboarding-grant_id', {
  path: '/onboarding/$grant_id',
  layout: 'none',
  access: 'user',
  component: () => import('./onboarding-grant_id.lazy'),
});

declare module '../screen' {
  interface Screens {
    'onboarding-grant_id': typeof screen;
  }
}
