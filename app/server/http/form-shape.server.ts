import type { z } from "zod";
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

/** zod's definition of a schema (zod 4 keeps it on `_zod.def`). */
interface SchemaDefinition {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
}

const definitionOf = (schema: z.core.$ZodType) =>
  (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;

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

function shapeOfSchema(schema: z.core.$ZodType, depth: number): FieldShape {
  if (depth > 20) return VALUE;
  const def = definitionOf(schema);
  switch (def.type) {
    case "object": {
      const fields = new Map<string, FieldShape>();
      for (const [name, field] of Object.entries(def.shape ?? {})) {
        fields.set(name, shapeOfSchema(field, depth + 1));
      }
      return { kind: "object", fields };
    }
    case "array":
      return def.element
        ? { kind: "array", item: shapeOfSchema(def.element, depth + 1) }
        : { kind: "array", item: VALUE };
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return def.innerType ? shapeOfSchema(def.innerType, depth + 1) : VALUE;
    // A transform or a pipe reads what the form sent: the input side decides the fields.
    case "pipe":
      return def.in ? shapeOfSchema(def.in, depth + 1) : VALUE;
    case "lazy":
      return def.getter ? shapeOfSchema(def.getter(), depth + 1) : VALUE;
    case "union":
      return (def.options ?? [])
        .map((option) => shapeOfSchema(option, depth + 1))
        .reduce<FieldShape>(merge, VALUE);
    case "intersection":
      return def.left && def.right
        ? merge(shapeOfSchema(def.left, depth + 1), shapeOfSchema(def.right, depth + 1))
        : VALUE;
    default:
      return VALUE;
  }
}

const shapes = new WeakMap<z.core.$ZodType, FieldShape>();

/** The fields a schema declares (computed once per schema). */
export function formShapeOf(schema: z.core.$ZodType): FieldShape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = shapeOfSchema(schema, 0);
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
