import { defineScreen } from '../screen';

export const screen = defineScreen('legal-privacy-policy', {
  path: '/legal/privacy-policy',
  layout: 'none',
  access: 'anyone',
  component: () => import('./legal-privacy-policy.lazy'),
});

declare module '../screen' {
  interface Screens {
    'legal-privacy-policy': typeof screen;
  }
}
