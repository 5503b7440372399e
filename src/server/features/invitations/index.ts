/** What other modules may ask of invitations. */
export { forgetInvitationsTo } from './invitations.queries';
