import { defineScreen } from '../screen';

export const screen = defineScreen('admin-jobs', {
  path: '/admin/jobs',
  layout: 'admin',
  access: 'admin',
  component: () => import('./admin-jobs.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-jobs': typeof screen;
  }
}
