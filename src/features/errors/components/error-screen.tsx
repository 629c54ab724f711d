import { buttonVariants } from "@/components/ui/button-variants";
import { isChineseText } from "@/lib/chinese-text";
import { errorCopy, errorTitle } from "../error-copy";
import { ErrorScreenActions, type ErrorScreenActionClasses } from "./error-screen-actions";

// Worked out here rather than in the buttons' client component: the server-rendered 403 / 401 / 404
// screens are boundaries of every page, and their buttons then ship without the variant code.
// Plain <button>s, not <Button>, which would bring tailwind-merge.
const actionClasses: ErrorScreenActionClasses = { home: buttonVariants(), back: buttonVariants({ variant: "outline" }) };

type ErrorScreenProps = {
  statusCode: number;
  message: string;
  /** Clears the error state (an error boundary's `reset`) once navigation starts. */
  onClear?: () => void;
};

/**
 * The error page of SPEC §2: the status code as a large heading, a title, the message, two ways out.
 * Not a client component itself: server-rendered 404 / 403 / 401 pages ship only its buttons.
 */
export function ErrorScreen({ statusCode, message, onClear }: ErrorScreenProps) {
  return (
    // A <section>, not <main>: layouts own the main landmark, and this also renders inside them.
    <section aria-labelledby="error-status" className="flex min-h-[70vh] flex-1 items-center justify-center px-6 py-16">
      <div className="w-full max-w-lg rounded-2xl border bg-card/80 p-10 text-center shadow-sm backdrop-blur">
        <h1 id="error-status" className="bg-gradient-to-br from-primary to-fuchsia-500 bg-clip-text text-7xl font-black tracking-tight text-transparent sm:text-8xl">
          {statusCode}
        </h1>
        <p className="mt-4 text-2xl font-semibold" data-testid="error-title">
          {errorTitle(statusCode)}
        </p>
        {isChineseText(message) ? (
          <p className="mt-3 break-words text-muted-foreground" data-testid="error-message">
            {message}
          </p>
        ) : (
          // The spec's own English messages ("Page not found: /x") stay, as a technical detail under
          // a sentence the user can read.
          <>
            <p className="mt-3 text-muted-foreground">{statusCode === 404 ? errorCopy.notFoundMessage : errorCopy.genericMessage}</p>
            <p className="mt-2 break-all font-mono text-xs text-muted-foreground" translate="no" data-testid="error-message">
              {message}
            </p>
          </>
        )}
        <ErrorScreenActions classes={actionClasses} onClear={onClear} />
      </div>
    </section>
  );
}
