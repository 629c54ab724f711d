"use client";

import { useRouter } from "next/navigation";
import { startTransition } from "react";
import { errorCopy } from "../error-copy";

/** The buttons' classes, worked out by `ErrorScreen` (see there). */
export type ErrorScreenActionClasses = { home: string; back: string };

/** 返回首页 / 返回上一页 of the error page; `onClear` resets an error boundary once navigation starts. */
export function ErrorScreenActions({ classes, onClear }: { classes: ErrorScreenActionClasses; onClear?: () => void }) {
  const router = useRouter();

  const leave = (navigate: () => void) =>
    startTransition(() => {
      navigate();
      onClear?.();
    });

  const goBack = () => {
    // A page opened directly has nothing to go back to: home is the closest sensible place.
    if (window.history.length > 1) router.back();
    else router.push("/");
  };

  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <button type="button" className={classes.home} onClick={() => leave(() => router.push("/"))}>
        {errorCopy.backHome}
      </button>
      <button type="button" className={classes.back} onClick={() => leave(goBack)}>
        {errorCopy.backPrevious}
      </button>
    </div>
  );
}
