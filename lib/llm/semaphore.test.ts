import { describe, expect, it } from "vitest";
import { createSemaphore } from "./semaphore";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createSemaphore", () => {
  it("caps concurrent tasks and runs all of them in arrival order", async () => {
    const semaphore = createSemaphore(3);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        semaphore.run(async () => {
          started.push(i);
          running++;
          peak = Math.max(peak, running);
          await tick(5);
          running--;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(started).toEqual([...Array(12).keys()]);
    expect(semaphore.inFlight).toBe(0);
  });

  it("releases the slot when a task throws", async () => {
    const semaphore = createSemaphore(1);
    await expect(semaphore.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(semaphore.run(async () => "next")).resolves.toBe("next");
    expect(semaphore.inFlight).toBe(0);
  });

  it("rejects a non-positive limit", () => {
    expect(() => createSemaphore(0)).toThrow(RangeError);
  });
});
