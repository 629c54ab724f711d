"use client";

import { AlertCircle, RotateCcw } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { BIND_PHONE_PATH, PHONE_REQUIRED_MESSAGE } from "@/features/compliance";
import { cn } from "@/lib/utils";
import { QUOTA_STATUS } from "../errors";

/**
 * An inline error under an answer or a run, with 重试; the quota error links to the plans, the
 * real-name refusal (403 phone_required) to the settings page's phone section.
 */
export function RequestError({
  message,
  statusCode,
  onRetry,
  className,
}: {
  message: string;
  statusCode?: number;
  onRetry?: () => void;
  className?: string;
}) {
  const phoneRequired = statusCode === 403 && message === PHONE_REQUIRED_MESSAGE;
  return (
    <div role="alert" data-testid={phoneRequired ? "phone-required" : undefined} className={cn("flex flex-wrap items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive", className)}>
      <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1 break-words">
        {message}
        {statusCode === QUOTA_STATUS && (
          <>
            {" "}
            <Link href="/pricing" className="font-medium underline underline-offset-2">
              查看套餐
            </Link>
            {" · "}
            <Link href="/dashboard/settings/billing" className="font-medium underline underline-offset-2">
              账单与用量
            </Link>
            {" · "}
            <Link href="/dashboard/settings/billing#wallet" className="font-medium underline underline-offset-2">
              去充值
            </Link>
          </>
        )}
        {phoneRequired && (
          <>
            {" "}
            <Link href={BIND_PHONE_PATH} className="font-medium underline underline-offset-2">
              去绑定手机号
            </Link>
          </>
        )}
      </p>
      {onRetry && statusCode !== QUOTA_STATUS && !phoneRequired && (
        <Button type="button" size="sm" variant="outline" className="h-7 text-foreground" onClick={onRetry}>
          <RotateCcw aria-hidden />
          重试
        </Button>
      )}
    </div>
  );
}
