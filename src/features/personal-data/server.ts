import "server-only";

export { exportPersonalData, openMailedExport, type ExportOutcome } from "./server/export";
export { zipDownload } from "./server/zip-response";
export { collectPersonalData, type PersonalData } from "./server/collect";
export {
  assertReauthenticated,
  cancelAccountDeletion,
  deleteAccountNow,
  pendingAccountDeletion,
  requestAccountDeletion,
  type DeletionOutcome,
} from "./server/delete-account";
export { deleteDueAccounts, startAccountDeletionJob } from "./server/deletion-job";
export { sendDeletionCode } from "./server/reauth-code";
