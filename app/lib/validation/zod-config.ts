import { z } from "zod";

/*
 * The Content-Security-Policy never allows 'unsafe-eval' (issue 9, decision 010). Zod 4
 * compiles object parsers with `new Function` and probes for it when the first object schema
 * is created; in the browser the probe is refused and reported as a policy violation on every
 * page. Without JIT, zod parses the same, without eval. Every module that creates schemas
 * imports this first (ES modules run their imports before their own body).
 */
z.config({ jitless: true });
