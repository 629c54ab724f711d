import { redirect } from "next/navigation";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";

export const generateMetadata = () => adminPageMetadata("用户");

/** /admin opens the first section. */
export default async function AdminHome() {
  await requireAdminPage();
  redirect("/admin/users");
}
