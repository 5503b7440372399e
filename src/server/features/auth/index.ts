/** What other modules may ask of signing in: whether the password resets under way have settled. */
export { passwordResetsSettled } from './auth.service';
