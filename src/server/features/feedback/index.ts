/** What other modules may ask of feedback. */
export { forgetFeedbackAddress } from './feedback.queries';
