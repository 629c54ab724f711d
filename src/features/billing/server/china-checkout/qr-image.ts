import QRCode from "qrcode";

/** The QR as an SVG data URL (rendered on the server: the page's CSP allows data: images). */
export async function qrImageDataUrl(content: string): Promise<string> {
  const svg = await QRCode.toString(content, { type: "svg", margin: 1, errorCorrectionLevel: "M", width: 208 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
