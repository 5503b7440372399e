import { defineScreen } from '../screen';

export const screen = defineScreen('applications-application_id-section_id', {
  path: '/applications/$application_id/$section_id',
  layout: 'user',
  access: 'user',
  component: () => import('./applications-application_id-section_id.lazy'),
});

declare module '../screen' {
  interface Screens {
    'applications-application_id-section_id': typeof screen;
  }
}
