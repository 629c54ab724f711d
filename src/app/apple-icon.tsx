import { renderAppIcon } from "@/features/marketing/server";

// iOS's 添加到主屏幕 icon (<link rel="apple-touch-icon">): iOS rounds the corners itself.
export const size = { width: 180, height: 180 };
export const contentType = "image/png";

export default function AppleIcon() {
  return renderAppIcon(size.width, { maskable: true });
}
