import { defineScreen } from '../screen';

export const screen = defineScreen('test-requirements-grant_slug', {
  path: '/test-requirements/$grant_slug',
  layout: 'public-clean',
  access: 'anyone',
  data: ({ utils, params }) => [utils.grants.requirementsTest.prefetch({ slug: params.grant_slug })],
  component: () => import('./test-requirements-grant_slug.lazy'),
});

declare module '../screen' {
  interface Screens {
    'test-requirements-grant_slug': typeof screen;
  }
}
