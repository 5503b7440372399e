import { redirectSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('onboarding-company', {
  path: '/onboarding/company',
  layout: 'none',
  access: 'user',
  search: redirectSearch,
  component: () => import('./onboarding-company.lazy'),
});

declare module '../screen' {
  interface Screens {
    'onboarding-company': typeof screen;
  }
}
