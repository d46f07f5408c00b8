// Caps in-flight LLM requests: self-hosted servers (vLLM, Ollama, llama.cpp) queue or fail
// under unbounded fan-out, and hosted APIs answer bursts with 429s.

export type Semaphore = {
  /** Runs `task` once a slot is free; the slot is released however the task ends. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly inFlight: number;
  readonly waiting: number;
};

export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`concurrency limit must be a positive integer, got ${limit}`);
  }
  let inFlight = 0;
  const queue: Array<() => void> = [];

  const acquire = (): Promise<void> => {
    if (inFlight < limit) {
      inFlight++;
      return Promise.resolve();
    }
    // The releasing task hands its slot straight to the next waiter, so inFlight never dips
    // and a newcomer cannot jump the queue.
    return new Promise((resolve) => queue.push(resolve));
  };

  const release = (): void => {
    const next = queue.shift();
    if (next) next();
    else inFlight--;
  };

  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
  };
}
