import type { ComponentType } from 'react';
import type { RouteName } from '../../shared/routes';

type ScreenModule = { default: ComponentType };

/**
 * The screen of each route, loaded on demand. A route without an entry shows its layout and
 * heading until its feature arrives.
 */
export const screens: Partial<Record<RouteName, () => Promise<ScreenModule>>> = {
  login: () => import('./routes/login'),
  logout: () => import('./routes/logout'),
  signup: () => import('./routes/signup'),
  'signup-success': () => import('./routes/signup-success'),
  'forgotten-password': () => import('./routes/forgotten-password'),
  'forgotten-password-confirm': () => import('./routes/forgotten-password-confirm'),
  'verify-email': () => import('./routes/verify-email'),
  profile: () => import('./routes/profile'),
  'onboarding-user-info': () => import('./routes/onboarding-user-info'),
  'admin-jobs': () => import('./routes/admin-jobs'),
  'admin-companies': () => import('./routes/admin-companies'),
  'admin-feedback': () => import('./routes/admin-feedback'),
  feedback: () => import('./routes/feedback'),
  index: () => import('./routes/index'),
  dk: () => import('./routes/dk'),
  funds: () => import('./routes/funds'),
  'funds-fund_slug': () => import('./routes/funds-fund_slug'),
  grants: () => import('./routes/grants'),
  'grants-grant_slug': () => import('./routes/grants-grant_slug'),
  'grants-grant_slug-start': () => import('./routes/grants-grant_slug-start'),
  'test-requirements-grant_slug': () => import('./routes/test-requirements-grant_slug'),
  'legal-privacy-policy': () => import('./routes/legal-privacy-policy'),
  'admin-funds': () => import('./routes/admin-funds'),
  'admin-funds-fund_id-grants': () => import('./routes/admin-funds-fund_id-grants'),
  'admin-funds-fund_id-grants-grant_id': () => import('./routes/admin-funds-fund_id-grants-grant_id'),
  'admin-funds-fund_id-grants-grant_id-sections-grant_section_id': () => import('./routes/admin-funds-fund_id-grants-grant_id-sections-grant_section_id'),
  'onboarding-company': () => import('./routes/onboarding-company'),
  companies: () => import('./routes/companies'),
  'companies-company_id-users': () => import('./routes/companies-company_id-users'),
  invitations: () => import('./routes/invitations'),
  'invitations-token': () => import('./routes/invitations-token'),
  applications: () => import('./routes/applications'),
  'onboarding-grant_id': () => import('./routes/onboarding-grant_id'),
  'onboarding-grant_id-setup': () => import('./routes/onboarding-grant_id-setup'),
  'onboarding-grant_id-application-description': () => import('./routes/onboarding-grant_id-application-description'),
  'applications-application_id': () => import('./routes/applications-application_id'),
  'applications-application_id-section_id': () => import('./routes/applications-application_id-section_id'),
  'applications-application_id-final': () => import('./routes/applications-application_id-final'),
};

export const placeholderScreen: () => Promise<ScreenModule> = () => import('./routes/placeholder');
