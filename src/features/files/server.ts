import "server-only";

// Server side of the storage demo: each user's storage quota from their plan, and what they use.
export { getStorageUsage, storageQuotaBytes, type StorageUsage } from "./server/storage-quota";
