export { DEFAULT_INVITE_SETTINGS, INVITE_TRIGGERS, inviteCodeSchema, inviteSettingsBody, type InviteSettings, type InviteTrigger } from "./schemas";
export { INVITE_COOKIE } from "./cookie";
