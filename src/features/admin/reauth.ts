// Shared by the API (server/admin-freshness.ts) and the console's dialog: the 403 that asks for the password.
export const REAUTHENTICATE_MESSAGE = "请重新输入密码以继续操作";
