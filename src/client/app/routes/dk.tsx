import { langSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('dk', {
  path: '/dk',
  layout: 'default',
  access: 'anyone',
  catalogue: true,
  search: langSearch,
  component: () => import('./dk.lazy'),
});

declare module '../screen' {
  interface Screens {
    dk: typeof screen;
  }
}
