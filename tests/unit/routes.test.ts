import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { router, screens } from '../../src/client/app/router';
import { matchRoute, requiresSignIn, routeNames, routes } from '../../src/shared/route-table';
import { safeRedirect } from '../../src/shared/routes';
import { routeTableSource } from '../../src/server/cli/routes';

describe('the route table', () => {
  it('holds every path of the specification, /feedback, /verify-email and the admin screens for jobs, companies and feedback', () => {
    expect(routeNames).toHaveLength(38);
    expect(routes['verify-email'].path).toBe('/verify-email');
    expect(routes['admin-companies'].path).toBe('/admin/companies');
    expect(routes['admin-jobs'].path).toBe('/admin/jobs');
    expect(routes['test-requirements-grant_slug'].layout).toBe('public-clean');
  });

  it('has exactly one screen for each route, and no screen for a route it does not hold', () => {
    const screenNames = screens.map((screen) => screen.options.staticData?.name ?? `(a screen without a name at ${screen.path})`);
    expect([...screenNames].sort()).toEqual([...routeNames].sort());
  });

  it('gives the router each route at its path, under its layout', () => {
    for (const name of routeNames) {
      const route = Object.values(router.routesById).find((candidate) => candidate.options.staticData?.name === name);
      expect(route?.fullPath.replace(/(.)\/$/, '$1'), name).toBe(routes[name].path);
      expect(route?.parentRoute.id, name).toBe(`/${routes[name].layout}`);
      expect(route?.options.staticData?.catalogue, name).toBe('catalogue' in routes[name] ? true : undefined);
    }
  });

  it('is the table the route files write: `npm run routes` has been run since a route file changed', () => {
    expect(readFileSync(path.resolve(__dirname, '../../src/shared/route-table.ts'), 'utf8')).toBe(routeTableSource(path.resolve(__dirname, '../../src/client/app/routes')));
  });

  it('knows the first screen of a visit as the router does, a public catalogue page or not', () => {
    const first = (pathname: string) => router.getMatchedRoutes(pathname)[2]?.options.staticData;
    expect(first('/grants')).toEqual({ name: 'grants', catalogue: true });
    expect(first('/grants/')?.name).toBe('grants');
    expect(first('/grants/innobooster')).toEqual({ name: 'grants-grant_slug', catalogue: true });
    expect(first('/grants/innobooster/start')?.catalogue).toBeUndefined();
    expect(first('/onboarding/company')?.name).toBe('onboarding-company');
    expect(first('/no/such/page')?.name).toBeUndefined();
    expect(first('/grants/%E0%A4%A')?.catalogue).toBeUndefined();
  });

  it('prefers static segments over parameters', () => {
    expect(matchRoute('/onboarding/company')?.name).toBe('onboarding-company');
    expect(matchRoute('/onboarding/user-info')?.name).toBe('onboarding-user-info');
    expect(matchRoute('/onboarding/5f1c')?.name).toBe('onboarding-grant_id');
    expect(matchRoute('/applications/42/final')?.name).toBe('applications-application_id-final');
    expect(matchRoute('/applications/42/7')).toMatchObject({ name: 'applications-application_id-section_id', params: { application_id: '42', section_id: '7' } });
  });

  it('matches nothing for unknown and malformed paths', () => {
    expect(matchRoute('/no/such/page')).toBeNull();
    expect(matchRoute('/grants/x/y/z')).toBeNull();
    expect(matchRoute('/grants/%E0%A4%A')).toBeNull();
  });

  it('ignores a trailing slash and decodes parameters', () => {
    expect(matchRoute('/grants/')?.name).toBe('grants');
    expect(matchRoute('/grants/gr%C3%B8n')?.params).toEqual({ grant_slug: 'grøn' });
  });

  it('requires sign-in under /admin and /app and on user screens', () => {
    expect(requiresSignIn('/admin/jobs')).toBe(true);
    expect(requiresSignIn('/app')).toBe(true);
    expect(requiresSignIn('/app/anything/at/all')).toBe(true);
    expect(requiresSignIn('/applications')).toBe(true);
    expect(requiresSignIn('/companies/1/users')).toBe(true);
    expect(requiresSignIn('/profile')).toBe(true);
    expect(requiresSignIn('/onboarding/company')).toBe(true);
    expect(requiresSignIn('/grants')).toBe(false);
    expect(requiresSignIn('/invitations/some-token')).toBe(false);
    expect(requiresSignIn('/apple')).toBe(false);
  });

  it('accepts only same-site paths as a redirect target', () => {
    expect(safeRedirect('/applications?x=1')).toBe('/applications?x=1');
    expect(safeRedirect('//evil.example')).toBe('/applications');
    expect(safeRedirect('https://evil.example')).toBe('/applications');
    expect(safeRedirect('/\\evil.example')).toBe('/applications');
    expect(safeRedirect(undefined, '/')).toBe('/');
  });
});
