// The fake WeChat OAuth API for the e2e server (started by playwright.config.ts), with the same
// application credentials the app gets; e2e/wechat-sign-in.spec.ts "scans" via POST /__fake/act-as.
import { startFakeWechat } from "../../src/embedded/auth/testing/fake-wechat";
import { E2E_WECHAT_OPEN_APP } from "./fake-wechat-app";

void startFakeWechat({ apps: { open: E2E_WECHAT_OPEN_APP }, port: Number(process.env.FAKE_WECHAT_PORT), control: true, consentPage: "page" });
