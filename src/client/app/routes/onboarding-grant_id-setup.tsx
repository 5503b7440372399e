import { setupSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('onboarding-grant_id-setup', {
  path: '/onboarding/$grant_id/setup',
  layout: 'onboarding',
  access: 'user',
  search: setupSearch,
  component: () => import('./onboarding-grant_id-setup.lazy'),
});

declare module '../screen' {
  interface Screens {
    'onboarding-grant_id-setup': typeof screen;
  }
}
