/*
 * Reading a form body with an upper bound (issue 7). `request.formData()` would buffer any
 * body, so a multipart upload is refused before it is read when its Content-Length is too
 * large, and while it is read when it has none (or lies).
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

/** Reads the body (multipart or urlencoded) as FormData, never more than `maxBytes` of it. */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => {});
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
        await reader.cancel().catch(() => {});
        throw new BodyTooLargeError(maxBytes);
      }
      chunks.push(value);
    }
  }
  const headers = new Headers();
  const type = request.headers.get("Content-Type");
  if (type) headers.set("Content-Type", type);
  try {
    return await new Response(Buffer.concat(chunks), { headers }).formData();
  } catch (error) {
    throw new UnreadableFormError("The form could not be read.", { cause: error });
  }
}

export type FormReadResult =
  | { ok: true; formData: FormData }
  | { ok: false; status: 400 | 413; message: string };

/**
 * An admin form, possibly with an image: at most `maxBytes` (6 MB for an upload form). The
 * failure says what to tell the admin.
 */
export async function readLimitedForm(request: Request, maxBytes: number): Promise<FormReadResult> {
  try {
    return { ok: true, formData: await readFormData(request, maxBytes) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      const megabytes = Math.round(maxBytes / (1024 * 1024));
      return {
        ok: false,
        status: 413,
        message:
          megabytes >= 2
            ? `The upload is larger than ${megabytes} MB: choose an image of at most ${megabytes - 1} MB.`
            : `The form is larger than ${Math.round(maxBytes / 1024)} KB: please shorten what you typed.`,
      };
    }
    if (error instanceof UnreadableFormError) {
      return { ok: false, status: 400, message: "The form could not be read. Please try again." };
    }
    throw error;
  }
}
