import { wellKnownResponse } from "@/features/well-known";

export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  return wellKnownResponse((await params).path);
}
