import { profileSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('profile', {
  path: '/profile',
  layout: 'none',
  access: 'user',
  search: profileSearch,
  component: () => import('./profile.lazy'),
});

declare module '../screen' {
  interface Screens {
    profile: typeof screen;
  }
}
