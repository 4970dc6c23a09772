/**
 * Reads a TFLite model's input and output tensors, and lengthens one output with zeros (a PAD
 * operator appended to the graph), for the face mesh's landmark model from `@mediapipe/face_mesh`.
 *
 * Why: that model gives 468 points, x, y, z each (an output of 1 × 1 × 1 × 1404), as the old
 * "solutions" graph expected. MediaPipe Tasks' FaceLandmarker decodes the first output as 478
 * points (the mesh plus ten iris points, as its own models give) and takes the number of values
 * per point as `values / 478`: 1404 / 478 is 2 in integer arithmetic, so it reads x, y pairs out
 * of x, y, z triples and every point past the first lands on another's numbers (the "scrambled"
 * mesh: chin above the forehead). Padded to 1434 values (478 × 3), the first 468 points are read
 * as they are; the ten iris points are zeros and mean nothing.
 *
 * Like tflite-metadata.ts the new file is a new root (and subgraph) in front of the old file,
 * every old table reused where it is: the weights stay byte for byte.
 */
import {
  fieldPosition,
  fieldTarget,
  ForwardWriter,
  readString,
  ref,
  refsAt,
  table,
  u32,
  u8,
  type Node,
  type Slot,
} from './tflite-metadata.js';

export type TensorInfo = { index: number; name: string; shape: number[] };

/** TFLite's builtin operator code of PAD. */
const PAD = 34;
/** TensorType INT32. */
const INT32 = 2;

const ints = (view: DataView, pos: number | null): number[] =>
  pos === null
    ? []
    : Array.from({ length: view.getUint32(pos, true) }, (_, i) =>
        view.getInt32(pos + 4 + 4 * i, true),
      );

function modelView(model: Uint8Array) {
  if (new TextDecoder().decode(model.subarray(4, 8)) !== 'TFL3')
    throw new Error('not a TFLite model');
  const view = new DataView(model.buffer, model.byteOffset, model.byteLength);
  const root = view.getUint32(0, true);
  const subgraphs = refsAt(view, fieldTarget(view, root, 2)!);
  if (subgraphs.length !== 1) throw new Error('a model of one subgraph expected');
  const subgraph = subgraphs[0]!;
  // SubGraph { tensors, inputs, outputs, operators, name }
  const tensors = refsAt(view, fieldTarget(view, subgraph, 0)!);
  const tensor = (index: number): TensorInfo => {
    const at = tensors[index]!;
    // Tensor { shape, type, buffer, name, … }
    const name = fieldTarget(view, at, 3);
    return {
      index,
      name: name === null ? '' : readString(view, name),
      shape: ints(view, fieldTarget(view, at, 0)),
    };
  };
  return { view, root, subgraph, tensors, tensor };
}

/** The model's input and output tensors, in the order the graph lists them. */
export function modelTensors(model: Uint8Array): { inputs: TensorInfo[]; outputs: TensorInfo[] } {
  const { view, subgraph, tensor } = modelView(model);
  return {
    inputs: ints(view, fieldTarget(view, subgraph, 1)).map(tensor),
    outputs: ints(view, fieldTarget(view, subgraph, 2)).map(tensor),
  };
}

/**
 * `model` with its output number `output` (a float tensor whose last dimension holds everything)
 * padded with zeros to `length` values, through a PAD operator the model already uses.
 */
export function withPaddedOutput(model: Uint8Array, output: number, length: number): Uint8Array {
  const { view, root, subgraph, tensors, tensor } = modelView(model);
  const outputs = ints(view, fieldTarget(view, subgraph, 2));
  const padded = tensor(outputs[output]!);
  const shape = padded.shape;
  const last = shape[shape.length - 1]!;
  if (shape.slice(0, -1).some((d) => d !== 1) || length < last)
    throw new Error(`output ${padded.name} [${shape.join(',')}] cannot be padded to ${length}`);
  // OperatorCode { deprecated_builtin_code: byte, custom_code, version, builtin_code: int }
  const codes = refsAt(view, fieldTarget(view, root, 1)!).map((c) => {
    const small = fieldPosition(view, c, 0);
    const big = fieldPosition(view, c, 3);
    return Math.max(
      small === null ? 0 : view.getInt8(small),
      big === null ? 0 : view.getInt32(big, true),
    );
  });
  const padCode = codes.indexOf(PAD);
  // Operator { opcode_index, inputs, outputs, builtin_options_type, builtin_options, … }
  const operators = refsAt(view, fieldTarget(view, subgraph, 3)!);
  const padOperator = operators.find((o) => {
    const code = fieldPosition(view, o, 0);
    return (code === null ? 0 : view.getUint32(code, true)) === padCode;
  });
  if (padCode < 0 || padOperator === undefined) throw new Error('the model has no PAD operator');
  const old = (pos: number): Node => ({ kind: 'old', pos });
  const oldRef = (tablePos: number, index: number): Slot => {
    const target = fieldTarget(view, tablePos, index);
    return target === null ? null : ref(old(target));
  };
  const optionsType = fieldPosition(view, padOperator, 3);
  const buffers = refsAt(view, fieldTarget(view, root, 4)!);
  // The paddings, [dimensions, 2] int32: nothing before, `length − last` after the last dimension.
  const paddings = new Int32Array(shape.length * 2);
  paddings[paddings.length - 1] = length - last;
  const paddingsBuffer = table(
    ref({ kind: 'bytes', data: new Uint8Array(paddings.buffer), align: 16 }),
  );
  const paddingsIndex = tensors.length;
  const outIndex = tensors.length + 1;
  const paddingsTensor = table(
    ref({ kind: 'ints', items: [shape.length, 2] }),
    u8(INT32),
    u32(buffers.length),
    ref({ kind: 'string', text: `${padded.name}_paddings` }),
  );
  // Float32 (type 0, the default); buffer 0 is the empty one every computed tensor uses.
  const outTensor = table(
    ref({ kind: 'ints', items: [...shape.slice(0, -1), length] }),
    null,
    u32(0),
    ref({ kind: 'string', text: `${padded.name}_padded` }),
  );
  const padOp = table(
    u32(padCode),
    ref({ kind: 'ints', items: [padded.index, paddingsIndex] }),
    ref({ kind: 'ints', items: [outIndex] }),
    optionsType === null ? null : u8(view.getUint8(optionsType)),
    oldRef(padOperator, 4),
  );
  const newSubgraph = table(
    ref({ kind: 'refs', items: [...tensors.map(old), paddingsTensor, outTensor] }),
    oldRef(subgraph, 1),
    ref({ kind: 'ints', items: outputs.map((o, i) => (i === output ? outIndex : o)) }),
    ref({ kind: 'refs', items: [...operators.map(old), padOp] }),
    oldRef(subgraph, 4),
  );
  const version = fieldPosition(view, root, 0);
  // Model { version, operator_codes, subgraphs, description, buffers, metadata_buffer, metadata,
  //         signature_defs }
  const newRoot = table(
    version === null ? null : u32(view.getUint32(version, true)),
    oldRef(root, 1),
    ref({ kind: 'refs', items: [newSubgraph] }),
    oldRef(root, 3),
    ref({ kind: 'refs', items: [...buffers.map(old), paddingsBuffer] }),
    oldRef(root, 5),
    oldRef(root, 6),
    oldRef(root, 7),
  );
  const w = new ForwardWriter();
  w.root(newRoot, 'TFL3');
  w.flush();
  w.copyOld(model);
  return w.result();
}
