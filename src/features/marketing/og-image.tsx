import { ImageResponse } from "next/og";
import { OG_IMAGE_SIZE } from "./og-path";
import type { SitePage } from "./site-pages";

/**
 * The Open Graph card of a page, drawn with next/og at build time. next/og only bundles a Latin
 * font and no CJK font can be shipped offline here at a sensible size (a full Chinese font is
 * 10+ MB), so the card carries brand shapes, a Latin section label and the page's URL path; the
 * Chinese title travels in og:title next to it, which every platform shows with the image.
 */
export function renderOgImage(page: Pick<SitePage, "path" | "section">, host: string): ImageResponse {
  return new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: "72px 80px",
          background: "linear-gradient(135deg, #1e1b4b 0%, #312e81 45%, #6d28d9 100%)",
          color: "#f8fafc",
          fontFamily: "sans-serif",
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 24 }}>
          <div
            style={{
              width: 96,
              height: 96,
              borderRadius: 24,
              background: "#6366f1",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              boxShadow: "0 12px 40px rgba(99,102,241,0.6)",
            }}
          >
            <svg width="60" height="60" viewBox="0 0 24 24" fill="#ffffff">
              <path d="M11 3c.55 4.6 3.4 7.45 8 8-4.6.55-7.45 3.4-8 8-.55-4.6-3.4-7.45-8-8 4.6-.55 7.45-3.4 8-8Z" />
              <path d="M19 2.5c.22 1.55 1 2.33 2.5 2.5-1.5.17-2.28.95-2.5 2.5-.22-1.55-1-2.33-2.5-2.5 1.5-.17 2.28-.95 2.5-2.5Z" opacity="0.75" />
            </svg>
          </div>
          <div style={{ display: "flex", fontSize: 36, letterSpacing: 8, opacity: 0.85 }}>SPARK · AI WORKFLOWS</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
          <div style={{ display: "flex", fontSize: 120, fontWeight: 700, letterSpacing: -2 }}>{page.section}</div>
          <div style={{ display: "flex", fontSize: 40, opacity: 0.8 }}>{`${host}${page.path === "/" ? "" : page.path}`}</div>
        </div>
        <div style={{ display: "flex", gap: 16 }}>
          {["#a5b4fc", "#c4b5fd", "#f0abfc"].map((color, index) => (
            <div key={color} style={{ width: 160 - index * 40, height: 12, borderRadius: 6, background: color }} />
          ))}
        </div>
      </div>
    ),
    OG_IMAGE_SIZE,
  );
}
