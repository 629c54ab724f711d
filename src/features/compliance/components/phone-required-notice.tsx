import Link from "next/link";
import { BIND_PHONE_PATH, PHONE_REQUIRED_MESSAGE } from "../phone-required";

/** Shown where an AI call was refused for want of a verified phone: why, and where to bind one. */
export function PhoneRequiredNotice() {
  return (
    <div role="alert" data-testid="phone-required" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
      {PHONE_REQUIRED_MESSAGE}。
      <Link href={BIND_PHONE_PATH} className="font-medium text-primary underline underline-offset-4">
        去绑定手机号
      </Link>
    </div>
  );
}
