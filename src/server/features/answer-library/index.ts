/** What other modules may ask of the answer library: a company's earlier answers, ranked by their words. */
export { rankEarlierAnswers } from './answer-library.queries';
