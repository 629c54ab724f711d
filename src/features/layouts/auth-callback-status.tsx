import { LoaderCircle } from "lucide-react";
import { layoutCopy } from "./copy";

/** The /auth/callback screen: a spinner while the sign-in redirect is being verified. */
export function AuthCallbackStatus() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-8 text-center">
      <LoaderCircle className="size-8 animate-spin text-primary motion-reduce:animate-none" aria-hidden />
      <h1 className="text-base font-medium text-muted-foreground">{layoutCopy.callback.verifying}</h1>
    </div>
  );
}
