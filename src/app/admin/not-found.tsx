import { RootErrorLandmark } from "@/features/errors";
import { NotFoundScreen } from "@/features/errors/server";

// What a non-operator sees anywhere under /admin: exactly the 404 of a URL nobody serves.
export default function AdminNotFound() {
  return (
    <RootErrorLandmark>
      <NotFoundScreen reason="unknown-route" />
    </RootErrorLandmark>
  );
}
