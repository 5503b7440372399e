import { applicationsSearch, dashboardFilters } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('applications', {
  path: '/applications',
  layout: 'user',
  access: 'user',
  search: applicationsSearch,
  data: ({ utils, search }) => [utils.applications.list.prefetchInfinite(dashboardFilters(search)), utils.companies.list.prefetch(), utils.invitations.mine.prefetch()],
  component: () => import('./applications.lazy'),
});

declare module '../screen' {
  interface Screens {
    applications: typeof screen;
  }
}
