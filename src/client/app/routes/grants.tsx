import { grantSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('grants', {
  path: '/grants',
  layout: 'public',
  access: 'anyone',
  catalogue: true,
  search: grantSearch,
  data: ({ utils }) => [utils.funds.list.prefetch()],
  component: () => import('./grants.lazy'),
});

declare module '../screen' {
  interface Screens {
    grants: typeof screen;
  }
}
