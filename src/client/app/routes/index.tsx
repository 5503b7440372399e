import { alertLinkSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('index', {
  path: '/',
  layout: 'public',
  access: 'anyone',
  catalogue: true,
  search: alertLinkSearch,
  component: () => import('./index.lazy'),
});

declare module '../screen' {
  interface Screens {
    index: typeof screen;
  }
}
