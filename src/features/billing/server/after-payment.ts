import { settlePendingInvitation } from "@/features/invitations/server";
import type { Database } from "@/lib/db";

/**
 * What follows a payment once its transaction has committed (the invitation reads the payment as
 * any reader does, and asks the auth service, which no transaction should wait on): an invitation
 * waiting for the invitee's first payment is settled now, not on their next visit to the billing page.
 * Never fails the payment: settling logs its own errors.
 */
export async function afterPaymentRecorded(db: Database, userId: string): Promise<void> {
  try {
    await settlePendingInvitation(db, userId);
  } catch (error) {
    console.warn("Invitation not settled after a payment", error);
  }
}
