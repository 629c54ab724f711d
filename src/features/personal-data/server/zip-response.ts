/** A ZIP as a private download under its Chinese file name. */
export function zipDownload(fileName: string, bytes: Uint8Array): Response {
  // A copy typed as ArrayBuffer-backed (fflate returns ArrayBufferLike), as BodyInit wants.
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="personal-data.zip"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
