import { feedbackSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('feedback', {
  path: '/feedback',
  layout: 'public',
  access: 'anyone',
  search: feedbackSearch,
  component: () => import('./feedback.lazy'),
});

declare module '../screen' {
  interface Screens {
    feedback: typeof screen;
  }
}
