import { alertLinkSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('index', {
  search: alertLinkSearch,
  component: () => import('./index.lazy'),
});

declare module '../screen' {
  interface Screens {
    index: typeof screen;
  }
}
