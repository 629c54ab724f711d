// Client-safe surface of the console's 站内公告 section. Server side: "@/features/announcements/server".
export { AnnouncementForm } from "./components/announcement-form";
export { AnnouncementsTable } from "./components/announcements-table";
