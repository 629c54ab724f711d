export type ColorMode = "light" | "dark";
export type ColorModePreference = ColorMode | "system";

/** localStorage key of the visitor's preference (SPEC §2). */
export const COLOR_MODE_STORAGE_KEY = "color-mode";

/**
 * Pages that force a colour mode, by exact path or by prefix ending in "/*". A forced mode beats the
 * visitor's preference on those pages only. Add entries here; none are needed today.
 */
export const forcedColorModes: Record<string, ColorModePreference> = {};

/**
 * The mode a path forces, if any. Forcing "system" is refused with a warning: "system" is the
 * absence of a choice, which cannot be forced (SPEC §2).
 */
export function forcedColorModeFor(
  pathname: string,
  rules: Record<string, ColorModePreference> = forcedColorModes,
  warn: (message: string) => void = console.warn,
): ColorMode | undefined {
  for (const [pattern, mode] of Object.entries(rules)) {
    const matches = pattern.endsWith("/*")
      ? pathname === pattern.slice(0, -2) || pathname.startsWith(pattern.slice(0, -1))
      : pathname === pattern;
    if (!matches) continue;
    if (mode === "system") {
      warn(`[color-mode] "${pattern}" 不能强制使用 system 颜色模式，已忽略。`);
      return undefined;
    }
    return mode;
  }
  return undefined;
}
