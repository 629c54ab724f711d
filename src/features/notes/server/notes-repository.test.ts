import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { createNote, deleteNote, listNotes, updateNote } from "./notes-repository";

describe.each(testTargetKinds())("notes repository on %s", (kind) => {
  const database = useTestDatabase(kind);
  const alice = randomUUID();
  const bob = randomUUID();

  it("lists a user's notes newest first and searches title and body", async () => {
    const first = await createNote(database.db, alice, { title: "购物清单", body: "牛奶、面包" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createNote(database.db, alice, { title: "会议纪要", body: "讨论 100% 完成率" });
    await createNote(database.db, bob, { title: "Bob 的笔记", body: "牛奶" });

    expect((await listNotes(database.db, alice)).map((note) => note.title)).toEqual(["会议纪要", "购物清单"]);
    expect((await listNotes(database.db, alice, "牛奶")).map((note) => note.id)).toEqual([first.id]);
    expect((await listNotes(database.db, alice, "100%")).map((note) => note.title)).toEqual(["会议纪要"]);
    expect(await listNotes(database.db, alice, "%")).toHaveLength(1);
  });

  it("never lets one user edit or delete another's note", async () => {
    const note = await createNote(database.db, alice, { title: "私密", body: "" });
    expect(await updateNote(database.db, bob, note.id, { title: "改了", body: "" })).toBeNull();
    expect(await deleteNote(database.db, bob, note.id)).toBe(false);
    expect((await listNotes(database.db, bob)).some((n) => n.id === note.id)).toBe(false);

    const updated = await updateNote(database.db, alice, note.id, { title: "私密（已改）", body: "正文" });
    expect(updated).toMatchObject({ id: note.id, title: "私密（已改）", body: "正文" });
    expect(await deleteNote(database.db, alice, note.id)).toBe(true);
    expect(await deleteNote(database.db, alice, note.id)).toBe(false);
  });
});
