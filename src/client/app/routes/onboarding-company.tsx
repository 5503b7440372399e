import { defineScreen } from '../screen';

export const screen = defineScreen('onboarding-company', {
  component: () => import('./onboarding-company.lazy'),
});

declare module '../screen' {
  interface Screens {
    'onboarding-company': typeof screen;
  }
}
