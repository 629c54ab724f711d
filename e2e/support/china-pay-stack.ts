import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FakeAlipay } from "../../src/features/billing/server/alipay/testing/fake-alipay";
import { FakeWechatPay } from "../../src/features/billing/server/wechat-pay/testing/fake-wechat-pay";
import { startAppProcess } from "./app-cluster";
import { findFreePort } from "./free-port";

const WECHAT = { mchId: "1900000109", appId: "wxe2e0000000000001", serialNo: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1", keyId: "PUB_KEY_ID_0119000001092025112600000000000001" };
const ALIPAY_APP_ID = "2021000000000001";

export type ChinaPayStack = { url: string; wechatPay: FakeWechatPay; alipay: FakeAlipay; stop(): Promise<void> };

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const pkcs8 = (key: ReturnType<typeof rsa>) => key.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const spki = (key: ReturnType<typeof rsa>) => key.publicKey.export({ type: "spki", format: "pem" }).toString();

/**
 * The fakes of 微信支付 API v3 and 支付宝's gateway (in this test worker, so a test "scans" by calling
 * them) and an app process of the main run's build whose environment points at them, with keys made
 * for this run. The test checkout is off there: checkout offers exactly the configured methods.
 */
export async function startChinaPayStack(): Promise<ChinaPayStack> {
  const merchant = rsa();
  const platform = rsa();
  const app = rsa();
  const alipayKeys = rsa();
  const apiV3Key = "0123456789abcdefABCDEF0123456789";
  const wechatPay = new FakeWechatPay({ mchId: WECHAT.mchId, appId: WECHAT.appId, merchantSerialNo: WECHAT.serialNo, merchantPublicKey: merchant.publicKey, apiV3Key, platformPrivateKey: platform.privateKey, platformSerial: WECHAT.keyId });
  const alipay = new FakeAlipay({ appId: ALIPAY_APP_ID, appPublicKey: spki(app), alipayPrivateKey: pkcs8(alipayKeys) });
  const wechatBase = await wechatPay.start();
  const gateway = await alipay.start();
  const dataDir = mkdtempSync(path.join(tmpdir(), "spark-e2e-china-"));
  const port = Number(findFreePort());
  const url = `http://127.0.0.1:${port}`;
  try {
    const server = await startAppProcess(port, {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SITE_URL: url,
      DEV_OUTBOX: "on",
      CHECKOUT_TEST_MODE: "off",
      STRIPE_SECRET_KEY: "",
      AUTH_RATE_LIMIT_SIGN_IN: "2000/300",
      AUTH_RATE_LIMIT_SIGN_UP: "2000/300",
      AUTH_MIN_MAIL_INTERVAL: "0",
      WECHAT_PAY_MCH_ID: WECHAT.mchId,
      WECHAT_PAY_APP_ID: WECHAT.appId,
      WECHAT_PAY_MCH_SERIAL_NO: WECHAT.serialNo,
      WECHAT_PAY_PRIVATE_KEY: pkcs8(merchant),
      WECHAT_PAY_API_V3_KEY: apiV3Key,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: spki(platform),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: WECHAT.keyId,
      WECHAT_PAY_API_BASE: wechatBase,
      ALIPAY_APP_ID,
      ALIPAY_PRIVATE_KEY: pkcs8(app),
      ALIPAY_PUBLIC_KEY: spki(alipayKeys),
      ALIPAY_GATEWAY: gateway,
    });
    return {
      url,
      wechatPay,
      alipay,
      async stop() {
        server.stop();
        await Promise.all([wechatPay.stop(), alipay.stop()]);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all([wechatPay.stop(), alipay.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
