/**
 * auth-js turns GoTrue's SVG into `data:image/svg+xml;utf-8,<svg …>` without encoding it, so the first
 * `#` of a colour ends the URL and the image breaks. Re-encode the SVG (hosted GoTrue and the embedded
 * service both answer raw SVG; an already usable data URL is kept).
 */
const unencodedSvgPrefix = /^data:image\/svg\+xml;utf-8,/;

export function totpQrImageSource(qrCode: string): string {
  const svg = qrCode.replace(unencodedSvgPrefix, "");
  if (!svg.trimStart().startsWith("<")) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
