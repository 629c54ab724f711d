import "server-only";

// Server side of 站内公告: what the dashboard shows a user, their dismissals, the console's list.
export { createAnnouncement, currentAnnouncement, deleteAnnouncement, dismissAnnouncement, listAnnouncements } from "./server/announcements";
