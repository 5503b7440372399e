/**
 * What an application is in lists and links: the statuses the lists show (derived from its
 * sections, or `published`) and the longest title. Plain values, without zod: the router reads
 * them from the URL on every page, public ones included.
 */
export const applicationStatuses = ['not_started', 'in_progress', 'ready', 'published'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const APPLICATION_TITLE_MAX = 200;

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return (applicationStatuses as readonly unknown[]).includes(value);
}
