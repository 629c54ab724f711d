import { headers } from "next/headers";
import { getRequestPath } from "@/features/routing/server";
import { isCrawler } from "../crawler";
import { notFoundMessage } from "../error-copy";
import { ErrorScreen } from "./error-screen";
import { PlainError } from "./plain-error";

type NotFoundScreenProps = {
  /** `unknown-route`: no route matched; `invalid-params`: a route matched but its params failed validation. */
  reason: "unknown-route" | "invalid-params";
};

/** Server side of every 404: the message names the requested path, crawlers get plain text. */
export async function NotFoundScreen({ reason }: NotFoundScreenProps) {
  const requestPath = await getRequestPath();
  const message =
    reason === "unknown-route"
      ? notFoundMessage.unknownRoute(requestPath.split("?")[0] ?? requestPath)
      : notFoundMessage.invalidParams(requestPath);
  if (isCrawler((await headers()).get("user-agent"))) return <PlainError statusCode={404} message={message} />;
  return <ErrorScreen statusCode={404} message={message} />;
}
