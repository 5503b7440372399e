import { setupSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('onboarding-grant_id-application-description', {
  path: '/onboarding/$grant_id/application-description',
  layout: 'onboarding',
  access: 'user',
  search: setupSearch,
  component: () => import('./onboarding-grant_id-application-description.lazy'),
});

declare module '../screen' {
  interface Screens {
    'onboarding-grant_id-application-description': typeof screen;
  }
}
