import { z } from "zod";
import { fieldNameSegments } from "./form-data.server.ts";

/*
 * Which fields a form declares, read from its zod schema, so that an action only ever sees
 * those (decision 020): a field the schema does not name is dropped before Conform reads the
 * form, and so is never turned into an array, never validated and never echoed back.
 */

/** A form's fields as a tree: a value, an object of named fields, or a list of items. */
export type FieldShape =
  | { kind: "value" }
  | { kind: "object"; fields: ReadonlyMap<string, FieldShape> }
  | { kind: "array"; item: FieldShape };

const VALUE: FieldShape = { kind: "value" };

/**
 * A schema as zod's public `z.toJSONSchema` describes it, for the form it reads (`io: "input"`):
 * a pipe or transform is described by its input side (a `z.preprocess` step, which takes
 * anything, by the schema after it), a default or optional by its inner type, a union by `anyOf`/`oneOf`, an intersection by `allOf`, a file or a custom check by
 * `{}` (`unrepresentable: "any"`), a recursive schema by `$ref`.
 */
interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode | boolean;
  prefixItems?: JsonSchemaNode[];
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
  $ref?: string;
}

function merge(a: FieldShape, b: FieldShape): FieldShape {
  if (a.kind === "object" && b.kind === "object") {
    const fields = new Map(a.fields);
    for (const [name, shape] of b.fields) {
      const known = fields.get(name);
      fields.set(name, known ? merge(known, shape) : shape);
    }
    return { kind: "object", fields };
  }
  if (a.kind === "array" && b.kind === "array") {
    return { kind: "array", item: merge(a.item, b.item) };
  }
  // A field that is a value in one form of a union and structured in another: keep the
  // structure, which also accepts the plain name.
  return a.kind === "value" ? b : a;
}

/** The node a local `$ref` (`#`, `#/$defs/name`) points at in the root document. */
function resolveRef(root: JsonSchemaNode, ref: string): JsonSchemaNode | undefined {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(1).split("/").filter(Boolean)) {
    const key = decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~");
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node && typeof node === "object" ? (node as JsonSchemaNode) : undefined;
}

function shapeOfNode(node: JsonSchemaNode, root: JsonSchemaNode, depth: number): FieldShape {
  if (depth > 20) return VALUE;
  if (node.$ref) {
    const target = resolveRef(root, node.$ref);
    return target ? shapeOfNode(target, root, depth + 1) : VALUE;
  }
  const options = node.anyOf ?? node.oneOf ?? node.allOf;
  if (options) {
    // Every form of a union (and both sides of an intersection) may send its fields.
    return options
      .map((option) => shapeOfNode(option, root, depth + 1))
      .reduce<FieldShape>(merge, VALUE);
  }
  // An object of named fields; a record (no named properties) is one value, as a tuple is.
  if (node.type === "object" && node.properties) {
    const fields = new Map<string, FieldShape>();
    for (const [name, field] of Object.entries(node.properties)) {
      fields.set(name, shapeOfNode(field, root, depth + 1));
    }
    return { kind: "object", fields };
  }
  if (node.type === "array" && !node.prefixItems) {
    return typeof node.items === "object"
      ? { kind: "array", item: shapeOfNode(node.items, root, depth + 1) }
      : { kind: "array", item: VALUE };
  }
  return VALUE;
}

function shapeOfSchema(schema: z.core.$ZodType): FieldShape {
  const root = z.toJSONSchema(schema, {
    io: "input",
    // A file (`z.instanceof(File)`), a custom check or a date is one value of the form.
    unrepresentable: "any",
  }) as JsonSchemaNode;
  return shapeOfNode(root, root, 0);
}

const shapes = new WeakMap<z.core.$ZodType, FieldShape>();

/** The fields a schema declares (computed once per schema). */
export function formShapeOf(schema: z.core.$ZodType): FieldShape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = shapeOfSchema(schema);
    shapes.set(schema, shape);
  }
  return shape;
}

/**
 * Whether `name` (Conform's notation: `email`, `lines[0].productId`, `categoryIds`) names a
 * field of `shape`. A name may stop at a list (its values are the items) or at a value; it
 * may not go past a value (`email[0]`) or into a key the object does not have, and must be
 * in Conform's notation within FORM_NAME_LIMITS (`fieldNameSegments`).
 */
export function declaresField(shape: FieldShape, name: string): boolean {
  return declaredShape(shape, name) !== null;
}

/** The shape `name` points at in `shape`, or null when it names no declared field. */
function declaredShape(shape: FieldShape, name: string): FieldShape | null {
  const segments = fieldNameSegments(name);
  if (!segments || segments.length === 0) return null;
  let node = shape;
  for (const segment of segments) {
    if (typeof segment === "number") {
      if (node.kind !== "array") return null;
      node = node.item;
    } else {
      if (node.kind !== "object") return null;
      const next = node.fields.get(segment);
      if (!next) return null;
      node = next;
    }
  }
  return node;
}

/**
 * The form with only the fields the schemas declare (and `extra` names the page adds beside
 * them: the anti-spam stamp, a flag), in their order. Several schemas: one route with several
 * forms (sign-in and Create Account).
 */
export function keepDeclaredFields(
  formData: FormData,
  schemas: z.core.$ZodType | readonly z.core.$ZodType[],
  extra: readonly string[] = [],
): FormData {
  const list = Array.isArray(schemas) ? schemas : [schemas as z.core.$ZodType];
  const shape = list
    .map(formShapeOf)
    .reduce<FieldShape>(merge, { kind: "object", fields: new Map() });
  const allowedExtra = new Set(extra);
  const kept = new FormData();
  const singleValues = new Set<string>();
  for (const [name, value] of formData) {
    if (allowedExtra.has(name)) {
      kept.append(name, value);
      continue;
    }
    const declared = declaredShape(shape, name);
    if (!declared) continue;
    // A field of one value keeps the first one sent, as a browser's form has it: a second
    // copy (a hand-made post) would turn it into a list that no field of the page can show.
    if (declared.kind === "value") {
      if (singleValues.has(name)) continue;
      singleValues.add(name);
    }
    kept.append(name, value);
  }
  return kept;
}
