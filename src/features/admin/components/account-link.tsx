import { Link } from "@/components/link";
import { adminCopy } from "../copy";

/** An account by its address (e-mail or phone), linking to its page; the id on hover. Unknown: 已删除的用户. */
export function AccountLink({ id, address }: { id: string; address: string | undefined }) {
  return (
    <Link href={`/admin/users/${id}`} title={id} className="break-all text-sm underline-offset-4 hover:underline">
      {address ? <span translate="no">{address}</span> : adminCopy.audit.unknownAccount}
    </Link>
  );
}
