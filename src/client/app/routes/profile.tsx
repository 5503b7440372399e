import { profileSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('profile', {
  search: profileSearch,
  component: () => import('./profile.lazy'),
});

declare module '../screen' {
  interface Screens {
    profile: typeof screen;
  }
}
