/**
 * Writes small PDFs with a real text layer, for tests and the retrieval bench: each page's lines are shown
 * with a Type0 font whose character codes are the text's UTF-16 code units (Identity-H) and a ToUnicode map
 * saying so, which is all a text extractor reads. No font is embedded (viewers substitute one), so the files
 * stay tiny. Pages with no lines have no text layer at all: a stand-in for a scanned document.
 */
export function writeSamplePdf(pages: readonly (readonly string[])[]): Uint8Array {
  const objects: string[] = [];
  // Object numbers start at 1: the new length is the new object's number.
  const add = (body: string) => objects.push(body);
  const catalog = add("");
  const pageTree = add("");
  const toUnicode = add(streamObject(toUnicodeCMap()));
  const descendant = add("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /SparkSans /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor " + `${add("<< /Type /FontDescriptor /FontName /SparkSans /Flags 4 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>")} 0 R /DW 1000 >>`);
  const font = add(`<< /Type /Font /Subtype /Type0 /BaseFont /SparkSans /Encoding /Identity-H /DescendantFonts [${descendant} 0 R] /ToUnicode ${toUnicode} 0 R >>`);
  const pageIds = pages.map((lines) => {
    const content = add(streamObject(lines.length ? `BT /F1 10 Tf 12 TL 40 800 Td ${lines.map((line) => `<${hexOf(line)}> Tj T*`).join(" ")} ET` : ""));
    return add(`<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`);
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  let pdf = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}

const hexOf = (text: string) => [...text].flatMap((char) => (char.length === 1 ? [char] : [])).map((char) => char.charCodeAt(0).toString(16).padStart(4, "0")).join("");

const streamObject = (data: string) => `<< /Length ${Buffer.byteLength(data, "latin1")} >>\nstream\n${data}\nendstream`;

/** Code = UTF-16 unit, in ranges that vary only in their last byte (as the CMap format wants). */
function toUnicodeCMap(): string {
  const ranges = Array.from({ length: 256 }, (_, high) => {
    const prefix = high.toString(16).padStart(2, "0");
    return `<${prefix}00> <${prefix}ff> <${prefix}00>`;
  }).filter((_, high) => high < 0xd8 || high > 0xdf);
  const blocks: string[] = [];
  for (let start = 0; start < ranges.length; start += 100) blocks.push(`${ranges.slice(start, start + 100).length} beginbfrange\n${ranges.slice(start, start + 100).join("\n")}\nendbfrange`);
  return [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Spark-UCS def /CMapType 2 def",
    "1 begincodespacerange <0000> <ffff> endcodespacerange",
    ...blocks,
    "endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
}
