import { defineScreen } from '../screen';

export const screen = defineScreen('admin-funds-fund_id-grants-grant_id-sections-grant_section_id', {
  path: '/admin/funds/$fund_id/grants/$grant_id/sections/$grant_section_id',
  layout: 'admin',
  access: 'admin',
  component: () => import('./admin-funds-fund_id-grants-grant_id-sections-grant_section_id.lazy'),
});

declare module '../screen' {
  interface Screens {
    'admin-funds-fund_id-grants-grant_id-sections-grant_section_id': typeof screen;
  }
}
