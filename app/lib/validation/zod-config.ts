import { z } from "zod";

/*
 * The Content-Security-Policy never allows 'unsafe-eval' (decision 010). Zod 4
 * compiles object parsers with `new Function` and probes for it when the first object schema
 * is created; in the browser the probe is refused and reported as a policy violation on every
 * page. Without JIT, zod parses the same, without eval. Every module that creates schemas
 * imports this first (ES modules run their imports before their own body).
 */

/*
 * Every message a person can see is written for a person. Each field names its own messages;
 * where one is missing (a value no form sends, a hand-made post), this says what to do in
 * plain words instead of zod's "Too big: expected int to be <=9007199254740991".
 */
export function plainMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "too_big":
      return issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint"
        ? "Please enter a smaller number."
        : "Please keep this shorter.";
    case "too_small":
      return issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint"
        ? "Please enter a larger number."
        : "Please fill this in.";
    case "invalid_value":
    case "invalid_union":
      return "Please choose one of the options.";
    case "invalid_format":
      return "Please check the format of this value.";
    default:
      return "Please check this value.";
  }
}

z.config({ jitless: true, customError: plainMessage });
