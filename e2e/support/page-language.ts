import type { Page } from "@playwright/test";

/**
 * Latin words a Chinese page may show: product and protocol names users know by these spellings,
 * and units; and "Notification", the toast label SPEC §9 fixes, which Radix announces ("Notification
 * 已保存") in a visually hidden live region while a toast is up. Anything else in Latin letters is
 * English a user would have to read.
 */
const ALLOWED_WORDS = [
  "AI", "API", "Dify", "DeepSeek", "Qwen", "Kimi", "GLM", "Ollama", "OpenAI", "GitHub", "Google", "Stripe",
  "Supabase", "Markdown", "JSON", "SSE", "URL", "HTTP", "HTTPS", "MIME", "PDF", "PNG", "JPG", "JPEG", "SVG",
  "GIF", "WebP", "TXT", "CSV", "Token", "Tokens", "token", "KB", "MB", "GB", "TB", "Pro", "Team", "Free",
  "TOTP", "MFA", "SMS", "Email", "ID", "Node", "Next", "React", "TypeScript", "PostgreSQL", "Postgres",
  "Docker", "PGlite", "Authenticator", "Microsoft", "App", "RSS", "IP", "Cookie", "Webhook", "Enter", "Shift",
  "Esc", "Ctrl", "Cmd", "Mac", "Agent", "Chatflow", "Excel", "ICP", "Notification",
];

/**
 * The Latin words a user can read on the page (visible text and the labels, placeholders and image
 * descriptions screen readers and hovers show), leaving out code, keyboard keys, user content such as
 * e-mail addresses, and names the allow-list knows.
 */
export async function englishWordsOnPage(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const skipped = "script, style, noscript, code, pre, kbd, samp, [translate='no'], [data-user-content]";
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(skipped)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      if (node.textContent?.trim()) found.push(node.textContent);
    }
    for (const element of document.body.querySelectorAll("[placeholder], [aria-label], [title], img[alt]")) {
      if (element.closest(skipped)) continue;
      for (const attribute of ["placeholder", "aria-label", "title", "alt"]) {
        const value = element.getAttribute(attribute);
        if (value?.trim()) found.push(value);
      }
    }
    return found;
  });
  const allowed = new Set(ALLOWED_WORDS.map((word) => word.toLowerCase()));
  const words = new Set<string>();
  for (const text of texts) {
    // Addresses, links, file names, version-like tokens and names quoted 「like this」 are data, not copy.
    const prose = text.replace(/\S+@\S+|https?:\/\/\S+|\S+\.\w{2,4}\b|\S*\d\S*|「[^」]*」/g, " ");
    for (const word of prose.match(/[A-Za-z][A-Za-z'-]*[A-Za-z]/g) ?? []) {
      if (!allowed.has(word.toLowerCase())) words.add(word);
    }
  }
  return [...words];
}
