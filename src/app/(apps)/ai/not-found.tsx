import { NotFoundScreen } from "@/features/errors/server";

export const metadata = { title: "页面不存在" };

/** An app page whose app id failed validation (the layout provides the main landmark). */
export default function AppPageNotFound() {
  return <NotFoundScreen reason="invalid-params" />;
}
