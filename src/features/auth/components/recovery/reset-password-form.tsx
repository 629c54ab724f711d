"use client";

import { Link } from "@/components/link";
import { useRouter } from "next/navigation";
import { authCopy } from "../../copy";
import { DASHBOARD_PATH, FORGOT_PASSWORD_PATH } from "../auth-paths";
import { FormAlert } from "../form-alert";
import { NewPasswordForm } from "../new-password-form";
import { useAuth } from "../use-auth";

/** Shown on PASSWORD_RECOVERY: the recovery link signed the user in; now a new password is set. */
export function ResetPasswordForm() {
  const router = useRouter();
  const { user, loaded } = useAuth();

  return (
    <div className="grid gap-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{authCopy.reset.title}</h1>
        <p className="text-sm text-muted-foreground">{authCopy.reset.description}</p>
      </div>
      {!loaded && !user ? (
        <p role="status" className="text-center text-sm text-muted-foreground">
          {authCopy.reset.loading}
        </p>
      ) : user ? (
        <NewPasswordForm
          submitLabel={authCopy.reset.submit}
          onDone={() => router.replace(DASHBOARD_PATH)}
        />
      ) : (
        <FormAlert>
          {authCopy.reset.noSession}{" "}
          <Link href={FORGOT_PASSWORD_PATH} className="font-medium underline underline-offset-4">
            {authCopy.reset.requestAgain}
          </Link>
        </FormAlert>
      )}
    </div>
  );
}
