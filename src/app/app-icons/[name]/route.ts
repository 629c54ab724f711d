import { APP_ICONS, isAppIconName } from "@/features/marketing";
import { renderAppIcon } from "@/features/marketing/server";

type Context = { params: Promise<{ name: string }> };

// The web app manifest's PNG icons, drawn at build time; no others exist.
export const dynamicParams = false;

export function generateStaticParams() {
  return Object.keys(APP_ICONS).map((name) => ({ name }));
}

export async function GET(_request: Request, { params }: Context) {
  const { name } = await params;
  if (!isAppIconName(name)) return new Response("Not Found", { status: 404 });
  return renderAppIcon(APP_ICONS[name].size, { maskable: APP_ICONS[name].maskable });
}
