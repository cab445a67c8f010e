/*
 * Reading a submitted form, the one way every action gets its input (decision 020).
 *
 * `request.formData()` would buffer any body, accept any content type and hand Conform any
 * field name: `x[999999999]=1` made Conform build an array of a billion slots and echo it,
 * which took the process down from a 60-byte request. Here a body is read with an upper
 * bound, only as a form (urlencoded or multipart with its boundary), and its field names are
 * checked before anything interprets them: how many fields, how long a name, how deeply it
 * nests and how large an array index it names. What passes is then cut down to the fields
 * the action's schema declares (app/server/http/form-shape.server.ts).
 */

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
  }
}

export class UnreadableFormError extends Error {
  override name = "UnreadableFormError";
}

/**
 * Limits on a form's field names. The largest real form is the checkout: 6 fields and 3 per
 * cart line, at most 200 lines (`lines[199].priceCents`), so these leave room and no more.
 */
export const FORM_NAME_LIMITS = {
  /** Fields in one form, counting each repeated name. */
  maxFields: 1000,
  /** Characters in one field name. */
  maxNameLength: 200,
  /** Segments in one name: `lines[0].productId` has three. */
  maxDepth: 8,
  /** The largest array index a name may hold: `lines[255]`. */
  maxIndex: 255,
} as const;

/** Conform's own reserved fields; their values are JSON that Conform parses. */
const CONFORM_RESERVED = new Set(["__intent__", "__state__"]);

export type FormRefusal = {
  ok: false;
  status: 400 | 413 | 415;
  title: string;
  message: string;
};
export type FormReadResult = { ok: true; formData: FormData } | FormRefusal;

const UNREADABLE: FormRefusal = {
  ok: false,
  status: 400,
  title: "Form not understood",
  message: "The form could not be read. Please reload the page and try again.",
};

/** Whether a Content-Type is a form a browser sends; multipart needs its boundary. */
function formContentType(type: string | null): "form" | "broken" | "other" {
  if (type === null) return "other";
  const [essence = "", ...parameters] = type.split(";").map((part) => part.trim());
  const mime = essence.toLowerCase();
  if (mime === "application/x-www-form-urlencoded") return "form";
  if (mime !== "multipart/form-data") return "other";
  const boundary = parameters
    .map((parameter) => parameter.match(/^boundary=(?:"([^"]{1,70})"|([^\s";]{1,70}))$/i))
    .find(Boolean);
  return boundary ? "form" : "broken";
}

/** Reads the body (multipart or urlencoded) as FormData, never more than `maxBytes` of it. */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const declared = request.headers.get("Content-Length");
  // Cancelled, not awaited: on a copy of a request (`request.clone()`) the cancellation
  // settles only once the original's body is cancelled too.
  if (declared !== null && Number(declared) > maxBytes) {
    void request.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        void reader.cancel().catch(() => {});
        throw new BodyTooLargeError(maxBytes);
      }
      chunks.push(value);
    }
  }
  const type = request.headers.get("Content-Type");
  // A request with no body at all (a form without fields sent by a script) is an empty form.
  if (total === 0 && type === null) return new FormData();
  const kind = formContentType(type);
  if (kind !== "form") {
    throw new UnreadableFormError(
      kind === "broken" ? "multipart body without a boundary" : `not a form: ${type}`,
    );
  }
  try {
    return await new Response(Buffer.concat(chunks), {
      headers: { "Content-Type": type as string },
    }).formData();
  } catch (error) {
    throw new UnreadableFormError("The form could not be read.", { cause: error });
  }
}

/**
 * The segments of a field name in Conform's notation (`lines[0].productId` → "lines", 0,
 * "productId"), or null when it is not one (`a[`, `a..b`, `[]`) or goes past
 * FORM_NAME_LIMITS. Scanned once, never recursively: a name nested 20,000 levels deep costs
 * one pass over its first 200 characters at most.
 */
export function fieldNameSegments(name: string): (string | number)[] | null {
  if (name.length === 0 || name.length > FORM_NAME_LIMITS.maxNameLength) return null;
  const segments: (string | number)[] = [];
  let at = 0;
  while (at < name.length) {
    if (segments.length === FORM_NAME_LIMITS.maxDepth) return null;
    if (name[at] === "[") {
      const close = name.indexOf("]", at);
      const index = close < 0 ? "" : name.slice(at + 1, close);
      if (!/^(0|[1-9]\d{0,2})$/.test(index) || Number(index) > FORM_NAME_LIMITS.maxIndex) {
        return null;
      }
      segments.push(Number(index));
      at = close + 1;
      continue;
    }
    if (segments.length > 0) {
      if (name[at] !== ".") return null;
      at += 1;
    }
    const key = name.slice(at).match(/^[^.[\]]+/)?.[0];
    if (!key || key === "__proto__" || key === "constructor" || key === "prototype") return null;
    segments.push(key);
    at += key.length;
  }
  return segments;
}

/**
 * Whether a field name is hostile, whatever form it is sent to: too long, holding a control
 * character, naming a huge array index (`x[999999999]`) or nesting too deep. Such a form is
 * refused. A name that is merely not Conform's notation is not hostile: no schema declares
 * it, so it is dropped with the other undeclared fields.
 */
export function isHostileFieldName(name: string): boolean {
  if (name.length > FORM_NAME_LIMITS.maxNameLength) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(name)) return true;
  for (const [, digits] of name.matchAll(/\[(\d+)\]/g)) {
    if (digits!.length > 3 || Number(digits) > FORM_NAME_LIMITS.maxIndex) return true;
  }
  const segments = 1 + (name.match(/[.[]/g)?.length ?? 0);
  return segments > FORM_NAME_LIMITS.maxDepth;
}

/** Why a parsed form is refused before any action sees it, or null when it may be read. */
export function checkFieldNames(formData: FormData): FormRefusal | null {
  let count = 0;
  for (const [name, value] of formData) {
    count += 1;
    if (count > FORM_NAME_LIMITS.maxFields) {
      return {
        ok: false,
        status: 413,
        title: "Too large",
        message: "The form has too many fields. Please reload the page and try again.",
      };
    }
    if (isHostileFieldName(name)) return UNREADABLE;
    if (CONFORM_RESERVED.has(name)) {
      // Conform parses these as JSON (a malformed one threw, answered with a 500). None of
      // the site's forms sends them; a well-formed one is dropped with the undeclared fields.
      if (typeof value !== "string") return UNREADABLE;
      try {
        JSON.parse(value);
      } catch {
        return UNREADABLE;
      }
    }
  }
  return null;
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes / 1024} KB`;

/**
 * Reads and checks a submitted form: the FormData, or why it is refused (status, title and
 * a message a person can act on).
 */
export async function readSubmittedForm(
  request: Request,
  maxBytes: number,
): Promise<FormReadResult> {
  let formData: FormData;
  try {
    formData = await readFormData(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      const megabytes = Math.round(maxBytes / (1024 * 1024));
      return {
        ok: false,
        status: 413,
        title: "Too large",
        message:
          megabytes >= 2
            ? `The upload is larger than ${megabytes} MB: choose an image of at most ${megabytes - 1} MB.`
            : `What you sent is too large (the limit is ${sizeOf(maxBytes)}). Please shorten what you typed.`,
      };
    }
    if (error instanceof UnreadableFormError) {
      const notAForm = error.message.startsWith("not a form");
      return notAForm
        ? {
            ok: false,
            status: 415,
            title: "Form not understood",
            message: "Only forms can be sent here. Please reload the page and try again.",
          }
        : UNREADABLE;
    }
    throw error;
  }
  return checkFieldNames(formData) ?? { ok: true, formData };
}
