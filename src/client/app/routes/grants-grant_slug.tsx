import { defineScreen } from '../screen';

export const screen = defineScreen('grants-grant_slug', {
  path: '/grants/$grant_slug',
  layout: 'public',
  access: 'anyone',
  catalogue: true,
  data: ({ utils, params }) => [utils.grants.bySlug.prefetch({ slug: params.grant_slug })],
  component: () => import('./grants-grant_slug.lazy'),
});

declare module '../screen' {
  interface Screens {
    'grants-grant_slug': typeof screen;
  }
}
