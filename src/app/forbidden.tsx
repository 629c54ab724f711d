import { ErrorScreen, RootErrorLandmark, errorCopy } from "@/features/errors";

export const metadata = { title: "无权访问" };

export default function Forbidden() {
  return (
    <RootErrorLandmark>
      <ErrorScreen statusCode={403} message={errorCopy.forbiddenMessage} />
    </RootErrorLandmark>
  );
}
