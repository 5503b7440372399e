import { redirectSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('onboarding-user-info', {
  path: '/onboarding/user-info',
  layout: 'onboarding',
  access: 'user',
  search: redirectSearch,
  component: () => import('./onboarding-user-info.lazy'),
});

declare module '../screen' {
  interface Screens {
    'onboarding-user-info': typeof screen;
  }
}
