import { getProviders } from "../providers";
import type { RefundGateways } from "./gateway";

/** The refund gateways of this process's environment: a provider that is not configured has none (503). */
export function refundGatewaysFromEnv(): RefundGateways {
  return getProviders().refundGateways();
}
