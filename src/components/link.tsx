"use client";

import NextLink from "next/link";
import { useState, type ComponentProps } from "react";

type LinkProps = ComponentProps<typeof NextLink>;

/**
 * The site's internal link: Next.js's `<Link>`, prefetching the page it leads to when the visitor
 * shows intent (pointer over it, finger on it, keyboard focus) instead of as soon as it scrolls into
 * view. Next.js's default fetched every visible link's page on every view — 17 to 50 server renders of
 * pages nobody opened (the marketing header and footer, the docs index, the dashboard's navigation),
 * paid for in server CPU and in a phone's data. Intent comes a few hundred milliseconds before the
 * click, which is most of what the prefetch bought. A `prefetch` given by the caller is kept as is.
 * (The pattern of Next.js's guide "Prefetching → Hover-triggered prefetch".)
 */
export function Link({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: LinkProps) {
  const [intended, setIntended] = useState(false);
  if (prefetch !== undefined) return <NextLink prefetch={prefetch} onMouseEnter={onMouseEnter} onTouchStart={onTouchStart} onFocus={onFocus} {...props} />;
  /** The caller's handler, then intent noted. */
  const noteIntent =
    <Event,>(handler?: (event: Event) => void) =>
    (event: Event) => {
      handler?.(event);
      setIntended(true);
    };
  return (
    <NextLink
      {...props}
      // null is Next.js's default prefetch; false none. Enabled, the link prefetches at once: it is in view.
      prefetch={intended ? null : false}
      onMouseEnter={noteIntent(onMouseEnter)}
      onTouchStart={noteIntent(onTouchStart)}
      onFocus={noteIntent(onFocus)}
    />
  );
}
