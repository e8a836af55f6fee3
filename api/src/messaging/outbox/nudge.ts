/** What a route that queued messages tells the outbox worker: look now instead of at the next poll. */
export interface OutboxNudge {
  wake(): void;
}

/** For an app without a worker in its process (tests that inspect the queue, a separate worker process). */
export const noNudge: OutboxNudge = { wake: () => undefined };
