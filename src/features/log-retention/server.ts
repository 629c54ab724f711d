import "server-only";

export { purgeExpiredLogs, startLogRetentionJob } from "./server/purge";
export { userRecordsCsv } from "./server/user-records-csv";
