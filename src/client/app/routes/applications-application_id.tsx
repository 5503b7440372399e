import { defineScreen } from '../screen';

export const screen = defineScreen('applications-application_id', {
  path: '/applications/$application_id',
  layout: 'user',
  access: 'user',
  data: ({ utils, params }) => [utils.applications.get.prefetch({ applicationId: params.application_id })],
  component: () => import('./applications-application_id.lazy'),
});

declare module '../screen' {
  interface Screens {
    'applications-application_id': typeof screen;
  }
}
