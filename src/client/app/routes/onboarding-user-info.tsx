import { defineScreen } from '../screen';

export const screen = defineScreen('onboarding-user-info', {
  component: () => import('./onboarding-user-info.lazy'),
});

declare module '../screen' {
  interface Screens {
    'onboarding-user-info': typeof screen;
  }
}
