/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Uint8Array): {width: number; height: number} {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (
    view.length < 24 ||
    !signature.every((byte, i) => view[i] === byte) ||
    view.toString('latin1', 12, 16) !== 'IHDR'
  ) {
    throw new Error('not a PNG');
  }
  return {width: view.readUInt32BE(16), height: view.readUInt32BE(20)};
}
