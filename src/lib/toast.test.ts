import { describe, expect, it } from "vitest";
import { TOAST_LIMIT, toastReducer, type ToastItem } from "./toast";

const item = (id: string): ToastItem => ({ id, title: id, open: true });

describe("toastReducer", () => {
  it("keeps one toast: a new one replaces the old", () => {
    expect(TOAST_LIMIT).toBe(1);
    const state = toastReducer(toastReducer({ toasts: [] }, { type: "ADD", toast: item("a") }), {
      type: "ADD",
      toast: item("b"),
    });
    expect(state.toasts.map((t) => t.id)).toEqual(["b"]);
  });

  it("marks a dismissed toast closed before removing it", () => {
    const added = toastReducer({ toasts: [] }, { type: "ADD", toast: item("a") });
    const dismissed = toastReducer(added, { type: "DISMISS", toastId: "a" });
    expect(dismissed.toasts).toEqual([{ ...item("a"), open: false }]);
    expect(toastReducer(dismissed, { type: "REMOVE", toastId: "a" }).toasts).toEqual([]);
  });
});
