import { describe, expect, it } from "vitest";
import { shouldSendOnKeyDown } from "./ime";

describe("shouldSendOnKeyDown", () => {
  const enter = { key: "Enter", shiftKey: false, keyCode: 13, nativeEvent: { isComposing: false } };

  it("sends on plain Enter and on Ctrl/⌘+Enter", () => {
    expect(shouldSendOnKeyDown(enter, false)).toBe(true);
    expect(shouldSendOnKeyDown({ ...enter, ctrlKey: true }, false)).toBe(true);
    expect(shouldSendOnKeyDown({ ...enter, metaKey: true }, false)).toBe(true);
  });

  it("breaks the line on Shift+Enter or Alt+Enter", () => {
    expect(shouldSendOnKeyDown({ ...enter, shiftKey: true }, false)).toBe(false);
    expect(shouldSendOnKeyDown({ ...enter, altKey: true }, false)).toBe(false);
  });

  it("never sends while an IME is composing, however the browser says so", () => {
    expect(shouldSendOnKeyDown({ ...enter, nativeEvent: { isComposing: true } }, false)).toBe(false);
    expect(shouldSendOnKeyDown({ ...enter, keyCode: 229 }, false)).toBe(false);
    expect(shouldSendOnKeyDown(enter, true)).toBe(false);
  });

  it("ignores other keys", () => {
    expect(shouldSendOnKeyDown({ ...enter, key: "a" }, false)).toBe(false);
    expect(shouldSendOnKeyDown({ ...enter, key: "Process", keyCode: 229 }, false)).toBe(false);
  });
});
