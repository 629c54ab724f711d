"use client";

import { useEffect } from "react";

/**
 * Fails in the browser once mounted, the way a broken client component would, carrying an
 * HTTP-like status. Failing after the server render keeps the error the browser's own (with its
 * message and status) rather than a server error reduced to a digest. Only the e2e error fixture
 * uses it: no product page fails on purpose.
 */
export function ThrowAfterMount({ statusCode, message }: { statusCode: number; message: string }) {
  useEffect(() => {
    throw Object.assign(new Error(message), { statusCode });
  }, [statusCode, message]);
  return null;
}
