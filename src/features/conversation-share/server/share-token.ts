import { randomBytes } from "node:crypto";

/** 192 random bits, base64url (32 characters): a link nobody can guess or enumerate. */
export function newShareToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The public page of a share. */
export function shareUrl(siteOrigin: string, token: string): string {
  return `${siteOrigin}/share/${token}`;
}
