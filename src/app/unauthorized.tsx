import { ErrorScreen, RootErrorLandmark, errorCopy } from "@/features/errors";

export const metadata = { title: "未经授权" };

export default function Unauthorized() {
  return (
    <RootErrorLandmark>
      <ErrorScreen statusCode={401} message={errorCopy.unauthorizedMessage} />
    </RootErrorLandmark>
  );
}
