import { defineScreen } from '../screen';

export const screen = defineScreen('applications-application_id-final', {
  path: '/applications/$application_id/final',
  layout: 'user',
  access: 'user',
  data: ({ utils, params }) => [utils.reviews.final.prefetch({ applicationId: params.application_id })],
  component: () => import('./applications-application_id-final.lazy'),
});

declare module '../screen' {
  interface Screens {
    'applications-application_id-final': typeof screen;
  }
}
