/**
 * A change of someone's access (a session ended, a member removed, a role changed, a company
 * deleted), as the live layer announces it to every web process (`live/live-access.ts`). The
 * caches of sessions and memberships follow these announcements to forget what they kept.
 */
export type AccessChange = { userId: string } | { companyId: string };

/** What tells every web process of a change of access once it is committed (`live/live-access.ts`). */
export interface AccessAnnouncer {
  changed(change: AccessChange): Promise<void>;
}

/** The announcements of access changes, as a cache follows them. */
export interface AccessChanges {
  /**
   * Calls `listener` with every announced change, from any process (this one's at once), and with
   * null when announcements may have been missed (the channel's connection broke): then whatever
   * was kept must be forgotten.
   */
  follow(listener: (change: AccessChange | null) => void): void;
  /** Whether announcements are being heard now: only then may access be kept in memory. */
  following(): boolean;
}
