import { langSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('dk', {
  search: langSearch,
  component: () => import('./dk.lazy'),
});

declare module '../screen' {
  interface Screens {
    dk: typeof screen;
  }
}
