import { ImageResponse } from "next/og";

/**
 * The app icon as a PNG (home screens want PNG; src/app/icon.svg is the same drawing for tabs):
 * the brand gradient and the white spark. A maskable icon fills the square and keeps the spark inside
 * the central 80 % that every launcher's mask leaves visible; the plain one has rounded corners.
 */
export function renderAppIcon(size: number, { maskable }: { maskable: boolean }): ImageResponse {
  const glyph = Math.round(size * (maskable ? 0.5 : 0.62));
  return new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          background: "linear-gradient(135deg, #6366f1 0%, #d946ef 100%)",
          borderRadius: maskable ? 0 : Math.round(size * 0.22),
        }}
      >
        <svg width={glyph} height={glyph} viewBox="0 0 64 64" fill="#ffffff">
          <path d="M35 8 18 36h12l-3 20 19-30H34l1-18z" />
        </svg>
      </div>
    ),
    { width: size, height: size },
  );
}
