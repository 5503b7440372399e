import { defineScreen } from '../screen';

export const screen = defineScreen('applications-application_id', {
  data: ({ utils, params }) => [utils.applications.get.prefetch({ applicationId: params.application_id })],
  component: () => import('./applications-application_id.lazy'),
});

declare module '../screen' {
  interface Screens {
    'applications-application_id': typeof screen;
  }
}
