"use client";

import { ErrorBoundaryScreen, RootErrorLandmark } from "@/features/errors";
import "./globals.css";

/** Replaces the root layout when the layout itself fails, so it brings its own <html>. */
export default function GlobalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="zh-CN">
      <body>
        <RootErrorLandmark>
          <ErrorBoundaryScreen {...props} />
        </RootErrorLandmark>
      </body>
    </html>
  );
}
