import { defineScreen } from '../screen';

export const screen = defineScreen('legal-privacy-policy', {
  component: () => import('./legal-privacy-policy.lazy'),
});

declare module '../screen' {
  interface Screens {
    'legal-privacy-policy': typeof screen;
  }
}
