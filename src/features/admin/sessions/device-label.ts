import Bowser from "bowser";

// Names Chinese users call these apps by; other browsers and systems keep their own (product) names.
const BROWSER_NAMES: Record<string, string> = { WeChat: "微信", QQ: "QQ 浏览器", QQLite: "QQ 浏览器", "UC Browser": "UC 浏览器", "Sogou Browser": "搜狗浏览器", "Microsoft Edge": "Edge" };

/**
 * 「Chrome · macOS」 from a session's User-Agent, parsed by bowser (a maintained parser: User-Agents
 * are too varied to match by hand); null when it names neither a browser nor a system (a script).
 */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ? (BROWSER_NAMES[parsed.browser.name] ?? parsed.browser.name) : "";
  const system = parsed.os.name ?? "";
  const label = [browser, system].filter(Boolean).join(" · ");
  return label || null;
}

const LOOPBACK = /^(::1|127\.\d+\.\d+\.\d+|::ffff:127\.\d+\.\d+\.\d+)$/;

/** An address as people read it: this machine's loopback is 本机, an IPv4 address mapped into IPv6 is shown as IPv4. */
export function addressLabel(ip: string | null): string | null {
  if (!ip) return null;
  if (LOOPBACK.test(ip)) return "本机";
  return ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
}
