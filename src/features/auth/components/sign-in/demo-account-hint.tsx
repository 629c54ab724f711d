import { Button } from "@/components/ui/button";
import { authCopy } from "../../copy";

const copy = authCopy.signIn.demo;

/** The first-run demo account, with a button that fills it into the e-mail form. */
export function DemoAccountHint({ account, onFill }: { account: { email: string; password: string }; onFill: () => void }) {
  return (
    <section aria-label={copy.label} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed bg-muted/40 px-4 py-3 text-sm">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">{copy.title}</p>
        <p className="break-all text-muted-foreground">
          {copy.email}
          <code className="font-mono">{account.email}</code>
          {copy.separator}
          {copy.password}
          <code className="font-mono">{account.password}</code>
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={onFill}>
        {copy.fill}
      </Button>
    </section>
  );
}
