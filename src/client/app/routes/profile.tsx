import { defineScreen } from '../screen';

export const screen = defineScreen('profile', {
  component: () => import('./profile.lazy'),
});

declare module '../screen' {
  interface Screens {
    profile: typeof screen;
  }
}
