import qrcode from 'qrcode-generator';

/** A QR code of `text` as a GIF data URL, drawn in the browser (error correction M). */
export function qrDataUrl(text: string, cellSize = 4, margin = 8): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createDataURL(cellSize, margin);
}

/** The modules of a QR code (true = dark), for tests and custom drawing. */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => qr.isDark(row, col)),
  );
}
