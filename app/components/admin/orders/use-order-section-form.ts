import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { useShowToast } from "#app/components/toaster.tsx";
import type { Toast } from "#app/lib/toast.ts";

/** The order action's answer to one of its section forms (payment, delivery). */
export type OrderSectionAnswer = {
  ok: boolean;
  intent: string | null;
  toast: Toast;
  result?: SubmissionResult<string[]>;
};

/**
 * The wiring an order page's section form shares (the payment of decision 014, the delivery of
 * docs/product.md §3.9): it posts to /admin/orders/{id} through its own fetcher, shows the
 * answer's notice, takes the page's answer when it was posted without JavaScript, and
 * validates with its schema on submit.
 */
export function useOrderSectionForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>({
  orderId,
  intent,
  schema,
  actionData,
  defaultValue,
}: {
  orderId: string;
  intent: "payment" | "delivery";
  schema: Schema;
  /** The page's own action answer (a post without JavaScript). */
  actionData?: OrderSectionAnswer;
  defaultValue: DefaultValue<z.input<Schema>>;
}) {
  const fetcher = useFetcher<OrderSectionAnswer>({ key: `order-${intent}-${orderId}` });
  useShowToast(fetcher.data?.toast);
  const answer = fetcher.data ?? (actionData?.intent === intent ? actionData : undefined);
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: `order-${intent}-${orderId}`,
    lastResult: busy ? undefined : answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue,
  });
  return { fetcher, busy, form, fields };
}
