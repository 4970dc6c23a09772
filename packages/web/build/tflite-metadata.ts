/**
 * Adds the TFLite metadata that MediaPipe Tasks needs (the input's normalisation) to a model that
 * ships without it, and packs models into a `.task` bundle (a stored zip). The models the app runs
 * come inside npm packages (`@mediapipe/selfie_segmentation`, `@mediapipe/face_mesh`) built for
 * MediaPipe's older "solutions" runtime, which carried those numbers in its graphs instead; the
 * Tasks runtime (`@mediapipe/tasks-vision`) reads them from the model. Nothing about the weights
 * changes. See docs/architecture.md#on-device-vision.
 *
 * The model is a FlatBuffer (schema: TensorFlow Lite's `schema.fbs`, root `Model`). Offsets in a
 * FlatBuffer only point forward, so the new file is: a new root table (with the old one's fields,
 * a `buffers` vector with one more entry and a `metadata` vector naming it) → the old file as it
 * was (every offset inside it still valid, its own root unused) → the new buffer (a
 * `ModelMetadata` FlatBuffer, identifier `M001`, schema `metadata_schema.fbs`).
 */

/** How a model wants its pixels: (value − mean) / std per channel, on 0…255 input. */
export type Normalisation = { mean: number; std: number };

export type Ref = { kind: 'ref'; node: Node };
export type Scalar = { kind: 'u8' | 'u32' | 'i32'; value: number };
export type Slot = Ref | Scalar | null;
export type Node =
  | { kind: 'table'; fields: Slot[] }
  | { kind: 'refs'; items: Node[] }
  | { kind: 'floats'; items: number[] }
  | { kind: 'ints'; items: number[] }
  | { kind: 'bytes'; data: Uint8Array; align: number }
  | { kind: 'string'; text: string }
  /** A position inside the old model, copied after everything new. */
  | { kind: 'old'; pos: number };

export const ref = (node: Node): Ref => ({ kind: 'ref', node });
export const u32 = (value: number): Scalar => ({ kind: 'u32', value });
export const u8 = (value: number): Scalar => ({ kind: 'u8', value });
export const table = (...fields: Slot[]): Node => ({ kind: 'table', fields });
const str = (text: string): Node => ({ kind: 'string', text });

/** Writes FlatBuffer nodes front to back, every reference pointing forward (allowed: unsigned). */
export class ForwardWriter {
  private bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  size = 0;
  private readonly placed = new Map<Node, number>();
  private readonly pending: { at: number; node: Node }[] = [];

  private ensure(extra: number) {
    if (this.size + extra <= this.bytes.length) return;
    let length = this.bytes.length;
    while (length < this.size + extra) length *= 2;
    const grown = new Uint8Array(length);
    grown.set(this.bytes);
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  align(to: number, after = 0) {
    while ((this.size + after) % to !== 0) this.skip(1);
  }

  skip(n: number) {
    this.ensure(n);
    this.size += n;
  }

  raw(data: Uint8Array) {
    this.ensure(data.length);
    this.bytes.set(data, this.size);
    this.size += data.length;
  }

  u32At(at: number, value: number) {
    this.view.setUint32(at, value, true);
  }

  private put(kind: Scalar['kind'] | 'i16' | 'u16' | 'f32', value: number) {
    const width = kind === 'u8' ? 1 : kind === 'i16' || kind === 'u16' ? 2 : 4;
    this.ensure(width);
    const at = this.size;
    if (kind === 'u8') this.view.setUint8(at, value);
    else if (kind === 'u16' || kind === 'i16') this.view.setUint16(at, value, true);
    else if (kind === 'i32') this.view.setInt32(at, value, true);
    else if (kind === 'f32') this.view.setFloat32(at, value, true);
    else this.view.setUint32(at, value, true);
    this.size += width;
  }

  /** A reference slot here (4 bytes) to `node`, filled once the node is placed. */
  refSlot(node: Node) {
    this.align(4);
    const at = this.size;
    this.skip(4);
    this.pending.push({ at, node });
  }

  /**
   * Places every node referenced so far (and theirs, breadth first: each after what refers to it),
   * then fills the slots. A slot to an `old` node (a position in the copied model) is filled by
   * `copyOld`, once the copy's place is known.
   */
  flush() {
    for (let i = 0; i < this.pending.length; i++) {
      const { node } = this.pending[i]!;
      if (node.kind !== 'old' && !this.placed.has(node)) this.placed.set(node, this.place(node));
    }
    for (const { at, node } of this.pending)
      if (node.kind !== 'old') this.u32At(at, this.placed.get(node)! - at);
    this.pending.splice(
      0,
      this.pending.length,
      ...this.pending.filter((p) => p.node.kind === 'old'),
    );
  }

  /** Copies the old model here (64-byte aligned) and points the slots to `old` nodes into it. */
  copyOld(model: Uint8Array) {
    this.align(64);
    const base = this.size;
    this.raw(model);
    for (const { at, node } of this.pending)
      if (node.kind === 'old') this.u32At(at, base + node.pos - at);
    this.pending.length = 0;
  }

  private place(node: Node): number {
    switch (node.kind) {
      case 'old':
        throw new Error('old nodes are placed by copyOld');
      case 'string': {
        const text = new TextEncoder().encode(node.text);
        this.align(4);
        const at = this.size;
        this.put('u32', text.length);
        this.raw(text);
        this.put('u8', 0);
        return at;
      }
      case 'floats':
      case 'ints': {
        this.align(4);
        const at = this.size;
        this.put('u32', node.items.length);
        for (const v of node.items) this.put(node.kind === 'ints' ? 'i32' : 'f32', v);
        return at;
      }
      case 'bytes': {
        this.align(Math.max(4, node.align), 4);
        const at = this.size;
        this.put('u32', node.data.length);
        this.raw(node.data);
        return at;
      }
      case 'refs': {
        this.align(4);
        const at = this.size;
        this.put('u32', node.items.length);
        for (const item of node.items) this.refSlot(item);
        return at;
      }
      case 'table':
        return this.placeTable(node.fields);
    }
  }

  /** vtable first (the table's signed offset to it is then positive), then the table. */
  private placeTable(fields: Slot[]): number {
    const widths = fields.map((f) => (f === null ? 0 : f.kind === 'u8' ? 1 : 4));
    // Table layout: soffset (4), then each present field at its natural alignment.
    const offsets: number[] = [];
    let end = 4;
    fields.forEach((f, i) => {
      if (f === null) return offsets.push(0);
      const width = widths[i]!;
      end = Math.ceil(end / width) * width;
      offsets.push(end);
      end += width;
    });
    const tableSize = Math.ceil(end / 4) * 4;
    const vtableSize = 4 + 2 * fields.length;
    this.align(4, vtableSize);
    // Align so that the table (right after the vtable) starts on 4 bytes.
    const vtable = this.size;
    this.put('u16', vtableSize);
    this.put('u16', tableSize);
    for (const o of offsets) this.put('u16', o);
    const at = this.size;
    this.put('i32', at - vtable);
    fields.forEach((f, i) => {
      if (f === null) return;
      while (this.size - at < offsets[i]!) this.skip(1);
      if (f.kind === 'ref') this.refSlot(f.node);
      else this.put(f.kind, f.value);
    });
    while (this.size - at < tableSize) this.skip(1);
    return at;
  }

  /** A root offset to `node` at the start, the identifier after it. */
  root(node: Node, identifier: string) {
    this.refSlot(node);
    this.raw(new TextEncoder().encode(identifier));
  }

  result(): Uint8Array {
    return this.bytes.slice(0, this.size);
  }
}

/** A table's field `index` as an absolute position of what it points to, or null. */
export function fieldTarget(view: DataView, tablePos: number, index: number): number | null {
  const fieldPos = fieldPosition(view, tablePos, index);
  return fieldPos === null ? null : fieldPos + view.getUint32(fieldPos, true);
}

export function fieldPosition(view: DataView, tablePos: number, index: number): number | null {
  const vtable = tablePos - view.getInt32(tablePos, true);
  const vtableSize = view.getUint16(vtable, true);
  const slot = 4 + 2 * index;
  if (slot >= vtableSize) return null;
  const offset = view.getUint16(vtable + slot, true);
  return offset === 0 ? null : tablePos + offset;
}

/** A vector of references' element positions. */
export function refsAt(view: DataView, vectorPos: number): number[] {
  const count = view.getUint32(vectorPos, true);
  return Array.from({ length: count }, (_, i) => {
    const at = vectorPos + 4 + 4 * i;
    return at + view.getUint32(at, true);
  });
}

export const readString = (view: DataView, pos: number) =>
  new TextDecoder().decode(
    new Uint8Array(view.buffer, view.byteOffset + pos + 4, view.getUint32(pos, true)),
  );

export const METADATA_NAME = 'TFLITE_METADATA';

/** The model's metadata entries' names (empty for a model without any). */
export function metadataNames(model: Uint8Array): string[] {
  const view = new DataView(model.buffer, model.byteOffset, model.byteLength);
  if (new TextDecoder().decode(model.subarray(4, 8)) !== 'TFL3')
    throw new Error('not a TFLite model');
  const root = view.getUint32(0, true);
  const metadata = fieldTarget(view, root, 6);
  if (metadata === null) return [];
  return refsAt(view, metadata).map((entry) => readString(view, fieldTarget(view, entry, 0)!));
}

/** The `ModelMetadata` FlatBuffer: one subgraph, an RGB image input normalised as given. */
function modelMetadata(name: string, normalisation: Normalisation): Uint8Array {
  const w = new ForwardWriter();
  // NormalizationOptions { mean: [float], std: [float] }
  const normalisationOptions = table(
    ref({ kind: 'floats', items: [normalisation.mean] }),
    ref({ kind: 'floats', items: [normalisation.std] }),
  );
  // ProcessUnit { options_type: ubyte (1 = NormalizationOptions), options }
  const processUnit = table(u8(1), ref(normalisationOptions));
  // ImageProperties { color_space: RGB (1) }; Content { content_properties_type (2 = Image), … }
  const content = table(u8(2), ref(table(u8(1))));
  // TensorMetadata { name, description, dimension_names, content, process_units }
  const input = table(
    ref(str('image')),
    null,
    null,
    ref(content),
    ref({ kind: 'refs', items: [processUnit] }),
  );
  // SubGraphMetadata { name, description, input_tensor_metadata }
  const subgraph = table(null, null, ref({ kind: 'refs', items: [input] }));
  // ModelMetadata { name, description, version, subgraph_metadata, …, min_parser_version (7) }
  const root = table(
    ref(str(name)),
    null,
    null,
    ref({ kind: 'refs', items: [subgraph] }),
    null,
    null,
    null,
    ref(str('1.0.0')),
  );
  w.root(root, 'M001');
  w.flush();
  return w.result();
}

/** `model` with a `TFLITE_METADATA` entry that gives its input's normalisation. */
export function withInputNormalisation(
  model: Uint8Array,
  name: string,
  normalisation: Normalisation,
): Uint8Array {
  if (metadataNames(model).includes(METADATA_NAME)) return model;
  const view = new DataView(model.buffer, model.byteOffset, model.byteLength);
  const oldRoot = view.getUint32(0, true);
  const old = (pos: number): Node => ({ kind: 'old', pos });
  const oldRef = (index: number): Slot => {
    const target = fieldTarget(view, oldRoot, index);
    return target === null ? null : ref(old(target));
  };
  const oldBuffers = refsAt(view, fieldTarget(view, oldRoot, 4)!);
  const oldMetadata = fieldTarget(view, oldRoot, 6);
  const oldEntries = oldMetadata === null ? [] : refsAt(view, oldMetadata);
  const bytes = modelMetadata(name, normalisation);
  // Buffer { data: [ubyte] (force_align 16) }; Metadata { name, buffer: its index in `buffers` }
  const metadataBuffer = table(ref({ kind: 'bytes', data: bytes, align: 16 }));
  const entry = table(ref(str(METADATA_NAME)), u32(oldBuffers.length));
  const version = fieldPosition(view, oldRoot, 0);
  // Model { version, operator_codes, subgraphs, description, buffers, metadata_buffer, metadata,
  //         signature_defs }
  const root = table(
    version === null ? null : u32(view.getUint32(version, true)),
    oldRef(1),
    oldRef(2),
    oldRef(3),
    ref({ kind: 'refs', items: [...oldBuffers.map(old), metadataBuffer] }),
    oldRef(5),
    ref({ kind: 'refs', items: [...oldEntries.map(old), entry] }),
    oldRef(7),
  );
  const w = new ForwardWriter();
  w.root(root, 'TFL3');
  w.flush();
  w.copyOld(model);
  return w.result();
}

/** The `ModelMetadata` in a model's `TFLITE_METADATA` buffer, as its input normalisation. */
export function readInputNormalisation(model: Uint8Array): Normalisation | null {
  const view = new DataView(model.buffer, model.byteOffset, model.byteLength);
  const root = view.getUint32(0, true);
  const metadata = fieldTarget(view, root, 6);
  if (metadata === null) return null;
  const entry = refsAt(view, metadata).find(
    (e) => readString(view, fieldTarget(view, e, 0)!) === METADATA_NAME,
  );
  if (entry === undefined) return null;
  const index = view.getUint32(fieldPosition(view, entry, 1)!, true);
  const buffer = refsAt(view, fieldTarget(view, root, 4)!)[index]!;
  const data = fieldTarget(view, buffer, 0)!;
  const meta = new DataView(model.buffer, model.byteOffset + data + 4, view.getUint32(data, true));
  if (new TextDecoder().decode(new Uint8Array(meta.buffer, meta.byteOffset + 4, 4)) !== 'M001')
    return null;
  const metaRoot = meta.getUint32(0, true);
  const subgraph = refsAt(meta, fieldTarget(meta, metaRoot, 3)!)[0]!;
  const input = refsAt(meta, fieldTarget(meta, subgraph, 2)!)[0]!;
  const unit = refsAt(meta, fieldTarget(meta, input, 4)!)[0]!;
  const options = fieldTarget(meta, unit, 1)!;
  const first = (pos: number) => meta.getFloat32(pos + 4, true);
  return {
    mean: first(fieldTarget(meta, options, 0)!),
    std: first(fieldTarget(meta, options, 1)!),
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip of `files`, stored (no compression), as MediaPipe's `.task` bundles are. */
export function storedZip(files: { name: string; data: Uint8Array }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const file of files) {
    const name = new TextEncoder().encode(file.name);
    const crc = crc32(file.data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 10, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, file.data.length, true);
    local.setUint32(22, file.data.length, true);
    local.setUint16(26, name.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 10, true);
    entry.setUint16(6, 10, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, file.data.length, true);
    entry.setUint32(24, file.data.length, true);
    entry.setUint16(28, name.length, true);
    entry.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, file.data);
    central.push(new Uint8Array(entry.buffer), name);
    offset += 30 + name.length + file.data.length;
  }
  const centralSize = central.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
