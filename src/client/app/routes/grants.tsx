import { grantSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('grants', {
  search: grantSearch,
  data: ({ utils }) => [utils.funds.list.prefetch()],
  component: () => import('./grants.lazy'),
});

declare module '../screen' {
  interface Screens {
    grants: typeof screen;
  }
}
