import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { readSubmittedForm } from "./form-data.server.ts";
import { keepDeclaredFields } from "./form-shape.server.ts";
import { getRequestInfo } from "./request-info.server.ts";
import { bodyLimitFor, refusalResponse } from "./security.server.ts";

/*
 * The one path by which a form reaches an action (decision 020). The root route's middleware
 * reads every submitted body before any action runs: bounded, only as a form, with its field
 * names checked (form-data.server.ts). A request that fails is answered there and then with
 * a 4xx and a plain message, so no action, Conform or zod ever sees it. An action then takes
 * the form with `readForm(context, Schema)`, which keeps only the fields its schema declares.
 * Biome refuses `.formData()` in app/ (biome-plugins/no-raw-form-data.grit), so no action
 * can read the body another way.
 */

const submittedFormContext = createContext<FormData | null>(null);

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** URLs that hold a NUL: no page has one, and PostgreSQL refuses it in a query's text. */
const hasNul = (url: string) => /%00/i.test(url) || url.includes("\u0000");

export const submittedFormMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const asPage = !getRequestInfo(context).dataRequest;
  if (hasNul(request.url)) {
    return refusalResponse({
      status: 400,
      title: "Address not understood",
      message: "The address holds a character that no page of this site uses (NUL).",
      asPage,
    });
  }
  if (!WITH_BODY.has(request.method.toUpperCase())) return next();
  // A copy: React Router copies the request (and its unread body) for the action later.
  const read = await readSubmittedForm(
    request.clone(),
    bodyLimitFor(new URL(request.url).pathname),
  );
  if (!read.ok) {
    void request.body?.cancel().catch(() => {});
    return refusalResponse({ ...read, asPage });
  }
  context.set(submittedFormContext, read.formData);
  return next();
};

/**
 * The submitted form with only the fields that `schemas` declare, plus `extra` names the page
 * adds beside them (the anti-spam stamp and honeypot, a flag). Several schemas for a route
 * with several forms.
 */
export function readForm(
  context: Readonly<RouterContextProvider>,
  schemas: z.core.$ZodType | readonly z.core.$ZodType[],
  extra: readonly string[] = [],
): FormData {
  const formData = context.get(submittedFormContext);
  // The middleware reads every body of a request that can reach an action; without it this
  // is a programming error, not a visitor's.
  if (!formData) throw new Error("readForm: no submitted form (is the root middleware in place?)");
  return keepDeclaredFields(formData, schemas, extra);
}
