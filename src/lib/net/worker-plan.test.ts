import { describe, expect, it } from "vitest";
import { planWorkers, restartDelayMs } from "./worker-plan.mjs";

const POSTGRES = "postgres://spark@db/spark";

describe("how many workers npm start runs", () => {
  it("runs one per core on PostgreSQL unless WEB_CONCURRENCY says otherwise", () => {
    expect(planWorkers({ DATABASE_URL: POSTGRES }, 4)).toEqual({ count: 4 });
    expect(planWorkers({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: "3" }, 8)).toEqual({ count: 3 });
    expect(planWorkers({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: "1" }, 8)).toEqual({ count: 1 });
    expect(planWorkers({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: " " }, 2)).toEqual({ count: 2 });
  });

  it("runs one process on the embedded PGlite, saying so when more were asked for", () => {
    expect(planWorkers({}, 8)).toEqual({ count: 1 });
    expect(planWorkers({ DATABASE_URL: "", WEB_CONCURRENCY: "1" }, 8)).toEqual({ count: 1 });
    const plan = planWorkers({ WEB_CONCURRENCY: "4" }, 8);
    expect(plan.count).toBe(1);
    expect(plan.notice).toContain("DATABASE_URL");
  });

  it("refuses a WEB_CONCURRENCY that is not a whole number from 1 to 256", () => {
    for (const value of ["0", "-2", "1.5", "many", "257"]) {
      expect(planWorkers({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: value }, 4).invalid).toContain("WEB_CONCURRENCY");
    }
  });
});

describe("restarting a dead worker", () => {
  it("restarts at once after a healthy run, then backs off to 30 s while it keeps dying", () => {
    expect([1, 2, 3, 4, 6, 7, 20].map(restartDelayMs)).toEqual([0, 1_000, 2_000, 4_000, 16_000, 30_000, 30_000]);
  });
});
