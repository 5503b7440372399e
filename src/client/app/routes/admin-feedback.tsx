import { defineScreen } from '../screen';

export const screen = defineScreen('admin-feedback', {
  path: '/admin/feedback',
  layout: 'admin',
  access: 'admin',
  component: () => import('./admin-feedback.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-feedback': typeof screen;
  }
}
