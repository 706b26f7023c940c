import { describe, expect, it } from 'vitest';
import { routeRolesOf, uiRolesOf } from './enums/roles';
import {
  buildPath,
  isManagementRoute,
  signedInRouteTitleOf,
  isRouteAllowed,
  landingPathOf,
  parseNotificationId,
  routeAt,
  ROUTES,
  type RouteUser,
} from './routes';

const user = (...roles: Parameters<typeof routeRolesOf>[0]): RouteUser => ({
  routeRoles: routeRolesOf(roles),
  betaFeatures: [],
});

describe('route table', () => {
  it('should let an agent open home and My PNRs but not the dashboard', () => {
    const agent = user('ROLE_SA_AGENT_USER');
    expect(isRouteAllowed(ROUTES.home, agent)).toBe(true);
    expect(isRouteAllowed(ROUTES.myPnrs, agent)).toBe(true);
    expect(isRouteAllowed(ROUTES.dashboard, agent)).toBe(false);
  });

  it('should keep My PNRs for agents only', () => {
    expect(isRouteAllowed(ROUTES.myPnrs, user('ROLE_SA_SUPER_USER'))).toBe(false);
    expect(isRouteAllowed(ROUTES.myPnrs, user('ROLE_SA_MANAGER_USER'))).toBe(false);
  });

  it('should treat branch and agency managers as managers', () => {
    expect(isRouteAllowed(ROUTES.dashboard, user('ROLE_SA_BRANCH_MANAGER_USER'))).toBe(true);
    expect(isRouteAllowed(ROUTES.agency, user('ROLE_SA_AGENCY_MANAGER_USER'))).toBe(true);
    expect(isRouteAllowed(ROUTES.agency, user('ROLE_SA_MANAGER_USER'))).toBe(false);
  });

  it('should keep super-user tools for super users', () => {
    for (const route of [
      ROUTES.addUser,
      ROUTES.health,
      ROUTES.pnrInfo,
      ROUTES.createPnr,
      ROUTES.designProperties,
    ]) {
      expect(isRouteAllowed(route, user('ROLE_SA_SUPER_USER'))).toBe(true);
      expect(isRouteAllowed(route, user('ROLE_SA_MANAGER_USER'))).toBe(false);
    }
  });

  it('should let a new user open documents, account and the add pages only', () => {
    const newUser = user('ROLE_SA_NEW_REGISTERED_USER');
    expect(isRouteAllowed(ROUTES.documents, newUser)).toBe(true);
    expect(isRouteAllowed(ROUTES.account, newUser)).toBe(true);
    expect(isRouteAllowed(ROUTES.addAgency, newUser)).toBe(true);
    expect(isRouteAllowed(ROUTES.addBranch, newUser)).toBe(true);
    expect(isRouteAllowed(ROUTES.home, newUser)).toBe(false);
  });

  it('should open public routes to anyone and close the rest to no one signed in', () => {
    expect(isRouteAllowed(ROUTES.share, null)).toBe(true);
    expect(isRouteAllowed(ROUTES.login, null)).toBe(true);
    expect(isRouteAllowed(ROUTES.home, null)).toBe(false);
  });

  it('should need the beta feature when a route has one', () => {
    const route = { path: '/x', title: 'X', roles: ['Agent'] as const, betaFeature: 'NEW_X' };
    expect(isRouteAllowed(route, user('ROLE_SA_AGENT_USER'))).toBe(false);
    expect(isRouteAllowed(route, { ...user('ROLE_SA_AGENT_USER'), betaFeatures: ['NEW_X'] })).toBe(
      true,
    );
  });

  it('should map server roles to UI roles', () => {
    expect(uiRolesOf(['ROLE_SA_BRANCH_MANAGER_USER', 'ROLE_SA_MANAGER_USER'])).toEqual(['MANAGER']);
    expect(uiRolesOf(['ROLE_SA_NEW_REGISTERED_USER'])).toEqual(['NEW_REGISTERED_USER']);
  });
});

describe('landingPathOf', () => {
  it('should land by role priority', () => {
    expect(landingPathOf(routeRolesOf(['ROLE_SA_AGENT_USER']))).toBe('/home');
    expect(landingPathOf(routeRolesOf(['ROLE_SA_BRANCH_MANAGER_USER']))).toBe('/home');
    expect(landingPathOf(routeRolesOf(['ROLE_SA_OPERATOR_USER']))).toBe('/management/tools/agency');
    expect(landingPathOf(routeRolesOf(['ROLE_SA_NEW_REGISTERED_USER']))).toBe(
      '/management/tools/agency/add-agency',
    );
    expect(landingPathOf(routeRolesOf(['ROLE_SA_OPERATOR_USER', 'ROLE_SA_AGENT_USER']))).toBe(
      '/home',
    );
    expect(landingPathOf([])).toBeNull();
  });
});

describe('path helpers', () => {
  it('should accept digits only as a notification id', () => {
    expect(parseNotificationId('123')).toBe(123);
    expect(parseNotificationId('12a')).toBeNull();
    expect(parseNotificationId('-1')).toBeNull();
    expect(parseNotificationId('1e3')).toBeNull();
    expect(parseNotificationId('')).toBeNull();
    expect(parseNotificationId(undefined)).toBeNull();
    expect(parseNotificationId('9'.repeat(40))).toBeNull();
  });

  it('should tell management routes from others', () => {
    expect(isManagementRoute('/management/tools/agency')).toBe(true);
    expect(isManagementRoute('/management/tools/agency/add-agency')).toBe(true);
    expect(isManagementRoute('/management/toolsx')).toBe(false);
    expect(isManagementRoute('/notifications')).toBe(false);
  });

  it('should fill route parameters and refuse a missing one', () => {
    expect(buildPath(ROUTES.notificationDetails.path, { id: 42 })).toBe('/notifications/42');
    expect(() => buildPath(ROUTES.notificationDetails.path, {})).toThrow(/id/);
  });
});

describe('signedInRouteTitleOf', () => {
  it.each([
    ['/home', 'Home'],
    ['/notifications', ROUTES.notifications.title],
    ['/management/tools/agents', 'Agents'],
    ['/management/tools/agents/', 'Agents'],
    ['/', null],
    ['/login', null],
    ['/share/notification/7/1770000000000/tok', null],
    ['/no-such-page', null],
    ['/management/tools', null],
  ])('should answer %s with %s', (pathname, title) => {
    expect(signedInRouteTitleOf(pathname)).toBe(title);
  });
});

describe('routeAt', () => {
  it.each([
    ['/home', ROUTES.home],
    ['/notifications/42', ROUTES.notificationDetails],
    ['/notifications/reprice/pending', ROUTES.notificationList],
    ['/login', ROUTES.login],
    ['/management/tools/agents/', ROUTES.agents],
    ['/no-such-page', null],
  ])('should find the route of %s', (pathname, route) => {
    expect(routeAt(pathname)).toBe(route);
  });
});
