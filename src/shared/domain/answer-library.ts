/** The longest search for earlier answers, in characters (docs/decisions/0045). */
export const ANSWER_SEARCH_MAX = 200;

/** How many earlier answers the panel shows, and how many the drafter's prompt may hold. */
export const EARLIER_ANSWERS_SHOWN = 8;
export const EARLIER_ANSWERS_IN_PROMPT = 2;
