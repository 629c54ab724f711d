/** The Open Graph image of a page path: "/" → "/og/home", "/docs/x" → "/og/docs/x". */
export function ogImagePath(pagePath: string): string {
  const trimmed = pagePath.replace(/^\/+|\/+$/g, "");
  return `/og/${trimmed || "home"}`;
}

/** The page path an /og/{key…} URL stands for (the inverse of `ogImagePath`). */
export function pagePathOfOgKey(key: readonly string[]): string {
  return key.length === 1 && key[0] === "home" ? "/" : `/${key.join("/")}`;
}

export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
