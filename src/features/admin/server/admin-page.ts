import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { resolveAdmin, type AdminSession } from "./admin-access";

/**
 * Every console page and its layout call this first (Next.js renders a layout and its page in
 * parallel, so the layout's check alone would not stop the page's reads): anyone but an operator
 * gets the ordinary 404 page.
 */
export async function requireAdminPage(): Promise<AdminSession> {
  const admin = await resolveAdmin();
  if (!admin) notFound();
  return admin;
}

/** A console page's title for operators; anyone else sees the 404 page's (nothing names the console). */
export async function adminPageMetadata(title: string): Promise<Metadata> {
  const admin = await resolveAdmin();
  return admin ? { title: `${title} · 管理后台`, robots: { index: false, follow: false } } : { title: "页面不存在" };
}
