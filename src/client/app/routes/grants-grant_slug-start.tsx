import { defineScreen } from '../screen';

export const screen = defineScreen('grants-grant_slug-start', {
  path: '/grants/$grant_slug/start',
  layout: 'public',
  access: 'anyone',
  data: ({ utils, params }) => [utils.grants.bySlug.prefetch({ slug: params.grant_slug })],
  component: () => import('./grants-grant_slug-start.lazy'),
});

declare module '../screen' {
  interface Screens {
    'grants-grant_slug-start': typeof screen;
  }
}
