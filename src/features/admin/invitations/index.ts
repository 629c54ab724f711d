// Client-safe surface of the console's 邀请 section. Server side: "@/features/invitations/server".
export { InviteSettingsForm } from "./components/invite-settings-form";
