import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../test/database-targets";
import { clusterEventsFor, isSharedDatabase } from "./cluster-events";
import { openDatabase } from "./open";
import type { DatabaseHandle } from "./types";

describe.each(testTargetKinds())("cluster events (%s)", (kind) => {
  let database: TestDatabase;
  // On PostgreSQL, two handles stand for two processes; PGlite has one owner, so one handle.
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handles.push(await openDatabase(database.target));
    handles.push(kind === "postgres" ? await openDatabase(database.target, { migrate: false }) : handles[0]!);
  });

  afterAll(async () => {
    for (const handle of new Set(handles)) await handle.close();
    await database.dispose();
  });

  it("knows whether other processes may share the database", () => {
    expect(isSharedDatabase(handles[0]!.db)).toBe(kind === "postgres");
  });

  it("delivers a message to every subscriber of its channel, and only of that channel", async () => {
    const [sender, receiver] = handles.map((handle) => clusterEventsFor(handle.db));
    const stops: string[] = [];
    const registry: string[] = [];
    const unsubscribeStops = await receiver!.subscribe("spark_ai_task_stop", (payload) => stops.push(payload));
    await receiver!.subscribe("spark_ai_registry_changed", (payload) => registry.push(payload));
    await sender!.publish("spark_ai_task_stop", "task-1");
    await expect.poll(() => stops).toEqual(["task-1"]);
    expect(registry).toEqual([]);
    unsubscribeStops();
    await sender!.publish("spark_ai_task_stop", "task-2");
    await sender!.publish("spark_ai_registry_changed", "*");
    await expect.poll(() => registry).toEqual(["*"]);
    expect(stops).toEqual(["task-1"]);
  });

  it("is one instance per database object", () => {
    expect(clusterEventsFor(handles[0]!.db)).toBe(clusterEventsFor(handles[0]!.db));
  });
});
