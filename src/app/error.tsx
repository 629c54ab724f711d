"use client";

import { ErrorBoundaryScreen, RootErrorLandmark } from "@/features/errors";

export default function RouteError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <RootErrorLandmark>
      <ErrorBoundaryScreen {...props} />
    </RootErrorLandmark>
  );
}
