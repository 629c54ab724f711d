import { BrowserNotFoundScreen, RootErrorLandmark } from "@/features/errors";

export const metadata = { title: "页面不存在" };

export default function NotFound() {
  return (
    <RootErrorLandmark>
      <BrowserNotFoundScreen />
    </RootErrorLandmark>
  );
}
