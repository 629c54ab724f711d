import { RootErrorLandmark } from "@/features/errors";
import { NotFoundScreen } from "@/features/errors/server";

export default function UnknownRouteNotFound() {
  return (
    <RootErrorLandmark>
      <NotFoundScreen reason="unknown-route" />
    </RootErrorLandmark>
  );
}
