import "server-only";

// Server side of backups: the control socket the running server opens for `npm run backup`
// (scripts/backup.ts imports the backup modules under ./server directly).
export { openBackupControl } from "./server/backup-control";
