export { DEFAULT_INVITE_SETTINGS, INVITE_TRIGGERS, inviteCodeSchema, inviteSettingsBody, type InviteSettings, type InviteTrigger } from "./schemas";
export { DEVICE_COOKIE, DEVICE_ID_PATTERN, INVITE_COOKIE, INVITE_COOKIE_MAX_AGE_S } from "./cookie";
export { InviteCard } from "./components/invite-card";
export { INVITATION_REFUSAL_LABELS, INVITATION_STATUS_LABELS, INVITE_TRIGGER_LABELS } from "./copy";
export type { InviteView, InvitedFriendView } from "./types";
