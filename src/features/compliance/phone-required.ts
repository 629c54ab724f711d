// 网络安全法第 24 条 (real identity before interactive services): with the operator's switch on, an
// account binds a verified phone before any AI call. Shared by the server's refusal and the pages.

export const PHONE_REQUIRED_CODE = "phone_required";

/** The settings page's phone section, where a phone is added with an SMS code. */
export const BIND_PHONE_PATH = "/dashboard/settings#phone";

export const PHONE_REQUIRED_MESSAGE = "根据国家关于网络实名制的规定，使用 AI 功能前请先绑定并验证手机号";
