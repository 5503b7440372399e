/**
 * The platform's own roles, beside the roles in a company (`company-roles.ts`): every account is
 * a `user`; an `admin` also runs the platform (funds, grants, job queues, disputes over companies).
 */
export const platformRoles = ['user', 'admin'] as const;
export type PlatformRole = (typeof platformRoles)[number];

/** The stored value as a role: the database allows only these two, and `user` is the default. */
export function asPlatformRole(value: string): PlatformRole {
  return value === 'admin' ? 'admin' : 'user';
}
