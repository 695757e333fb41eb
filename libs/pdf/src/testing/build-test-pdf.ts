/** Text drawn at a position (points from the bottom-left corner) in Helvetica, or Courier when `monospace`. */
export interface TestText {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  monospace?: boolean;
}

/**
 * A minimal, valid PDF for specs: each page draws its texts with the standard Helvetica and Courier fonts.
 * `encrypted` adds a standard security handler whose password is not empty, which readers refuse.
 */
export function buildTestPdf(
  pages: TestText[][],
  options: { encrypted?: boolean; title?: string } = {},
): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesId = add('');
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>');
  const courier = add('<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>');
  const fontOf = (t: TestText) => (t.monospace ? 'F3' : t.bold ? 'F2' : 'F1');
  const pageIds = pages.map((texts) => {
    const stream = texts
      .map((t) => `BT /${fontOf(t)} ${t.size} Tf ${t.x} ${t.y} Td (${escapePdf(t.text)}) Tj ET`)
      .join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R /F3 ${courier} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const info = options.title ? add(`<< /Title (${escapePdf(options.title)}) >>`) : undefined;
  const encrypt = options.encrypted
    ? add(`<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`)
    : undefined;

  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${info ? ` /Info ${info} 0 R` : ''}${
    encrypt ? ` /Encrypt ${encrypt} 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]` : ''
  } >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}

function escapePdf(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}
