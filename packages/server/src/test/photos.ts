/**
 * Test uploads for the chat's photos, made in memory: real photos by sharp itself (with the
 * metadata a phone writes), and hostile files built byte by byte — a decompression bomb, an
 * iPhone-style HEVC HEIC, a JPEG/HTML polyglot. No fixture files on disk.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Marks written into a test photo's metadata: none may be found in what the server stores. */
export const METADATA_MARKS = {
  copyright: 'secret-copyright-mark',
  xmp: 'secret-xmp-creator',
  gpsLatitude: '12/1 3/1 30/1',
} as const;

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${METADATA_MARKS.xmp}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

type PhotoOptions = {
  width: number;
  height: number;
  format?: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';
  /** EXIF orientation as a camera writes it (6: the sensor was turned 90° clockwise) */
  orientation?: number;
  /** EXIF (copyright, GPS position) and XMP, as a phone writes them */
  metadata?: boolean;
  alpha?: boolean;
};

/** A photo of one colour, as a phone or a browser would send it. */
export async function testPhoto(opts: PhotoOptions): Promise<Buffer> {
  let image = sharp({
    create: {
      width: opts.width,
      height: opts.height,
      channels: opts.alpha ? 4 : 3,
      background: opts.alpha ? { r: 192, g: 128, b: 64, alpha: 0.5 } : '#c08040',
    },
  });
  if (opts.orientation !== undefined) image = image.withMetadata({ orientation: opts.orientation });
  if (opts.metadata) {
    image = image
      .withExif({
        IFD0: { Copyright: METADATA_MARKS.copyright, Make: 'Phone' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: METADATA_MARKS.gpsLatitude },
      })
      .withXmp(XMP);
  }
  return image.toFormat(opts.format ?? 'jpeg').toBuffer();
}

const u8 = (...bytes: number[]) => Buffer.from(bytes);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))]);
}

/**
 * A decompression bomb: a valid 1-bit PNG of `side`×`side` black pixels, a few KB on the wire
 * (20000² is 400 million pixels, ~1.2 GB once decoded as RGB).
 */
export function decompressionBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // filter byte 0 + zero pixels
  return Buffer.concat([
    u8(137, 80, 78, 71, 13, 10, 26, 10),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const box = (type: string, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...parts: Buffer[]): Buffer =>
  box(type, u8(version, 0, 0, 0), ...parts);

/**
 * An iPhone-style HEIC: a well-formed HEIF container whose one image is HEVC-coded (`hvc1`, with
 * its hvcC record). Its header reads (4032×3024, HEVC); its pixels cannot be decoded here.
 */
export function hevcHeic(width = 4032, height = 3024): Buffer {
  const ftyp = box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));
  // HEVCDecoderConfigurationRecord: version 1, Main profile, level 3, 4:2:0, 8 bits, no arrays.
  const hvcC = box(
    'hvcC',
    u8(1, 1),
    u32(0x60000000),
    u8(0x90, 0, 0, 0, 0, 0),
    u8(90),
    u16(0xf000),
    u8(0xfc, 0xfd, 0xf8, 0xf8),
    u16(0),
    u8(0x0f, 0),
  );
  const coded = Buffer.alloc(64, 0x5a);
  const meta = (dataOffset: number) =>
    fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), Buffer.from('pict'), Buffer.alloc(12), u8(0)),
      fullBox('pitm', 0, u16(1)),
      fullBox('iinf', 0, u16(1), fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1'), u8(0))),
      // offsets and lengths of 4 bytes, no base offset; item 1 is one extent in the mdat
      fullBox('iloc', 0, u8(0x44, 0), u16(1), u16(1), u16(0), u16(1), u32(dataOffset), u32(64)),
      box(
        'iprp',
        box('ipco', hvcC, fullBox('ispe', 0, u32(width), u32(height))),
        fullBox('ipma', 0, u32(1), u16(1), u8(2, 0x81, 0x02)),
      ),
    );
  const dataOffset = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(dataOffset), box('mdat', coded)]);
}

export const POLYGLOT_HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A valid JPEG with an HTML page after its end: a browser sniffing it might run the script. */
export async function polyglotJpeg(): Promise<Buffer> {
  const jpeg = await testPhoto({ width: 320, height: 240 });
  return Buffer.concat([jpeg, Buffer.from(POLYGLOT_HTML)]);
}
