// Client-safe surface of 站内公告. Server side: "./server".
export { LazyAnnouncementBanner } from "./components/lazy-announcement-banner";
export { announcementsCopy } from "./copy";
export { announcementBodySchema, type AdminAnnouncementView, type AnnouncementBody, type AnnouncementView } from "./types";
