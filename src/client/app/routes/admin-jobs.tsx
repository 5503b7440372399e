import { defineScreen } from '../screen';

export const screen = defineScreen('admin-jobs', {
  component: () => import('./admin-jobs.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-jobs': typeof screen;
  }
}
