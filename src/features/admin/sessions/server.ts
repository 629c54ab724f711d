import "server-only";

// Server side of the user page's 会话 card (the API is in session-routes).
export { listUserSessions, signOutEverywhere, type AdminSessionView, type UserSessions } from "./server/user-sessions";
