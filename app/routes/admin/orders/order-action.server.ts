import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { formFields } from "#app/lib/forms.ts";
import { deliverySummary } from "#app/lib/orders.ts";
import { PAYMENT_STATUS_LABELS } from "#app/lib/payment-status.ts";
import { type Toast, toast } from "#app/lib/toast.ts";
import {
  DELIVERY_MESSAGES,
  OrderActionSchema,
  OrderDeliveryFormSchema,
  OrderPaymentFormSchema,
  PAYMENT_MESSAGES,
} from "#app/lib/validation/orders.ts";
import type { AppServices } from "#app/server/context.server.ts";
import { addOrderNote, changeOrderStatus } from "#app/server/orders/admin-orders.server.ts";
import { changeOrderDelivery } from "#app/server/orders/delivery.server.ts";
import { changeOrderPayment } from "#app/server/orders/payments.server.ts";
import { withBusinessDetails } from "#app/server/site/business-details.server.ts";
import type { SessionUser } from "#app/server/users/session.server.ts";

/*
 * The action behind the order's status selector, its payment form (decision 014) and its notes
 * (docs/product.md §8.3 "Orders" notices), shared by the order dialog of /admin/orders and the full page
 * /admin/orders/{id}: both post to /admin/orders/{id}.
 */

export interface OrderActionData {
  ok: boolean;
  intent: "status" | "note" | "payment" | "delivery" | null;
  toast: Toast;
  /** The note's message next to its field. */
  fieldError?: string;
  /** The payment form's answer, its messages next to its fields (Conform). */
  result?: SubmissionResult<string[]>;
}

const NOT_FOUND = "The requested order does not exist.";

function reply(payload: OrderActionData, status = 200) {
  return data(payload, { status });
}

const PAYMENT_ERROR = "Error updating payment";

async function paymentAction(
  services: Pick<AppServices, "db" | "env" | "logger" | "business">,
  admin: SessionUser,
  orderId: string,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: OrderPaymentFormSchema });
  const refuse = (status: number, description: string, result: SubmissionResult<string[]>) =>
    reply(
      {
        ok: false,
        intent: "payment",
        result,
        toast: toast({ title: PAYMENT_ERROR, description, type: "destructive" }),
      },
      status,
    );
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).find((messages) => messages?.length);
    return refuse(400, first?.[0] ?? PAYMENT_MESSAGES.state, submission.reply());
  }
  const { change, notify } = submission.value;
  try {
    const result = await changeOrderPayment(
      services.db,
      await withBusinessDetails(services),
      admin,
      {
        orderId,
        change,
        notifyCustomer: notify,
      },
    );
    if (!result.ok) {
      if (result.reason === "not-found") return refuse(404, NOT_FOUND, submission.reply());
      if (result.reason === "invalid") {
        return refuse(400, PAYMENT_MESSAGES.state, submission.reply());
      }
      const message =
        result.reason === "future-date"
          ? PAYMENT_MESSAGES.futureDate
          : PAYMENT_MESSAGES.beforeOrder;
      return refuse(422, message, submission.reply({ fieldErrors: { paidOn: [message] } }));
    }
    const label = PAYMENT_STATUS_LABELS[result.payment];
    return reply({
      ok: true,
      intent: "payment",
      result: submission.reply(),
      toast: toast({
        title: "Payment updated",
        description: result.changed
          ? `The payment is now: ${label}.${result.notified ? " The customer has been e-mailed." : ""}`
          : `The payment was already: ${label}.`,
        type: "success",
      }),
    });
  } catch (error) {
    services.logger.error({ err: error, orderId }, "admin: payment change failed");
    return refuse(
      500,
      "The change was not saved. Please try again.",
      submission.reply({ formErrors: ["The change was not saved. Please try again."] }),
    );
  }
}

const DELIVERY_ERROR = "Error updating delivery";

/** docs/product.md §3.9 "Delivery": a collection, or a delivery with its charge. */
async function deliveryAction(
  services: Pick<AppServices, "db" | "logger">,
  admin: SessionUser,
  orderId: string,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: OrderDeliveryFormSchema });
  const refuse = (status: number, description: string, result: SubmissionResult<string[]>) =>
    reply(
      {
        ok: false,
        intent: "delivery",
        result,
        toast: toast({ title: DELIVERY_ERROR, description, type: "destructive" }),
      },
      status,
    );
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).find((messages) => messages?.length);
    return refuse(400, first?.[0] ?? DELIVERY_MESSAGES.choice, submission.reply());
  }
  try {
    const result = await changeOrderDelivery(services.db, admin, {
      orderId,
      delivery: submission.value.delivery,
    });
    if (!result.ok) {
      return result.reason === "not-found"
        ? refuse(404, NOT_FOUND, submission.reply())
        : refuse(400, DELIVERY_MESSAGES.choice, submission.reply());
    }
    return reply({
      ok: true,
      intent: "delivery",
      result: submission.reply(),
      toast: toast({
        title: "Delivery updated",
        description: result.changed
          ? `Delivery is now: ${deliverySummary(result.delivery)}.`
          : `Delivery was already: ${deliverySummary(result.delivery)}.`,
        type: "success",
      }),
    });
  } catch (error) {
    services.logger.error({ err: error, orderId }, "admin: delivery change failed");
    const message = "The change was not saved. Please try again.";
    return refuse(500, message, submission.reply({ formErrors: [message] }));
  }
}

export async function orderAction(
  services: Pick<AppServices, "db" | "env" | "logger" | "business">,
  admin: SessionUser,
  orderId: string,
  formData: FormData,
) {
  if (formData.get("intent") === "payment") {
    return paymentAction(services, admin, orderId, formData);
  }
  if (formData.get("intent") === "delivery") {
    return deliveryAction(services, admin, orderId, formData);
  }
  const parsed = OrderActionSchema.safeParse(formFields(formData));
  const intent = formData.get("intent");
  if (!parsed.success) {
    if (intent === "note") {
      const message = parsed.error.issues[0]?.message ?? "Please write a note.";
      return reply(
        {
          ok: false,
          intent: "note",
          fieldError: message,
          toast: toast({ title: "Error adding note", description: message, type: "destructive" }),
        },
        400,
      );
    }
    return reply(
      {
        ok: false,
        intent: intent === "status" ? "status" : null,
        toast: toast({
          title: "Error updating status",
          description: "Please choose one of the order statuses.",
          type: "destructive",
        }),
      },
      400,
    );
  }
  const input = parsed.data;
  try {
    if (input.intent === "status") {
      const result = await changeOrderStatus(
        services.db,
        await withBusinessDetails(services),
        admin,
        {
          orderId,
          status: input.status,
          notifyCustomer: input.notify,
        },
      );
      if (!result.ok) {
        return reply(
          {
            ok: false,
            intent: "status",
            toast: toast({
              title: "Error updating status",
              description: NOT_FOUND,
              type: "destructive",
            }),
          },
          404,
        );
      }
      return reply({
        ok: true,
        intent: "status",
        // docs/product.md §8.3, character for character.
        toast: toast({
          title: "Status updated",
          description: `Order status has been updated to ${result.status}.`,
          type: "success",
        }),
      });
    }
    const result = await addOrderNote(services.db, admin, { orderId, note: input.note });
    if (!result.ok) {
      return reply(
        {
          ok: false,
          intent: "note",
          toast: toast({ title: "Error adding note", description: NOT_FOUND, type: "destructive" }),
        },
        404,
      );
    }
    return reply({
      ok: true,
      intent: "note",
      toast: toast({
        title: "Note added",
        description: "The note is in the order's history.",
        type: "success",
      }),
    });
  } catch (error) {
    services.logger.error({ err: error, orderId }, "admin: order change failed");
    return reply(
      {
        ok: false,
        intent: input.intent,
        toast: toast({
          title: input.intent === "status" ? "Error updating status" : "Error adding note",
          description: "The change was not saved. Please try again.",
          type: "destructive",
        }),
      },
      500,
    );
  }
}
