/**
 * Most calls in one tRPC batch request. The client's batch link never sends more; the server
 * refuses a bigger batch (400) before running any of its calls, so one request cannot carry
 * hundreds of expensive calls past the per-request defences.
 */
export const MAX_BATCH_CALLS = 10;
