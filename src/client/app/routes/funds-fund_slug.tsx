import { grantSearch } from '../route-search';
import { defineScreen } from '../screen';

export const screen = defineScreen('funds-fund_slug', {
  path: '/funds/$fund_slug',
  layout: 'public',
  access: 'anyone',
  catalogue: true,
  search: grantSearch,
  data: ({ utils, params }) => [utils.funds.bySlug.prefetch({ slug: params.fund_slug })],
  component: () => import('./funds-fund_slug.lazy'),
});

declare module '../screen' {
  interface Screens {
    'funds-fund_slug': typeof screen;
  }
}
