import { describe, expect, it, vi } from "vitest";
import { forcedColorModeFor } from "./forced-modes";

describe("forcedColorModeFor", () => {
  const rules = { "/print": "light", "/showcase/*": "dark", "/odd": "system" } as const;

  it("applies exact and prefix rules", () => {
    expect(forcedColorModeFor("/print", rules)).toBe("light");
    expect(forcedColorModeFor("/showcase", rules)).toBe("dark");
    expect(forcedColorModeFor("/showcase/a/b", rules)).toBe("dark");
    expect(forcedColorModeFor("/showcases", rules)).toBeUndefined();
    expect(forcedColorModeFor("/", rules)).toBeUndefined();
  });

  it("refuses to force system and logs a warning", () => {
    const warn = vi.fn();
    expect(forcedColorModeFor("/odd", rules, warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("system"));
  });
});
