import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  ArrowLeftIcon,
  InfoIcon,
  MessageCircleIcon,
  PhoneIcon,
  ShoppingBagIcon,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { PriceNotice } from "#app/components/site/shop/price-notice.tsx";
import { ProductImage } from "#app/components/site/shop/product-image.tsx";
import { useCartPrices } from "#app/components/site/shop/use-cart-prices.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { FORM_STAMP_FIELD, HONEYPOT_FIELD } from "#app/lib/anti-spam.ts";
import { cartActions, useCart } from "#app/lib/cart.ts";
import type { PricedLine } from "#app/lib/cart-prices.ts";
import { formatRand } from "#app/lib/money.ts";
import type { CompanyContact } from "#app/lib/orders.ts";
import {
  BUYER_NOTE_MAX_LENGTH,
  CheckoutContactSchema,
  CheckoutSchema,
} from "#app/lib/validation/checkout.ts";
import { LinePersonalisation } from "./line-personalisation.tsx";
import { OrderTotals } from "./order-totals.tsx";

/*
 * The checkout's contents (docs/product.md §2.11 /checkout): the cart lives in the browser, so they render
 * only once the page runs there, and load then (the form library and its schema stay out
 * of the page's first load, decision 012).
 */

function EmptyCheckout() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-input px-6 py-16 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-muted">
        <ShoppingBagIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      </span>
      <h2 className="text-2xl font-bold">Your cart is empty</h2>
      <p className="max-w-md text-muted-foreground">
        You need to add items to your cart before checking out.
      </p>
      <Link to="/crafts" className={buttonVariants({ size: "lg" })}>
        Shop Products
      </Link>
    </div>
  );
}

/** The action redirected a checkout submission to / : the order is stored. */
function useOrderPlaced() {
  const navigation = useNavigation();
  return (
    navigation.state === "loading" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.split("?")[0] === "/checkout" &&
    navigation.location.pathname === "/"
  );
}

export default function CheckoutContents({
  idempotencyKey,
  formStamp,
  confirming,
  contact,
  lastResult,
}: {
  idempotencyKey: string;
  /** The anti-spam stamp the form sends (decision 016). */
  formStamp: string;
  /** The server asked the buyer to confirm once more (decision 016): the button says so. */
  confirming: boolean;
  /** A limit was reached: the company's phone and WhatsApp, to order by phone instead. */
  contact: CompanyContact | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const cart = useCart();
  const { priced, loading, failed, refresh } = useCartPrices(cart.items);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/checkout");
  const orderPlaced = useOrderPlaced();
  const [placed, setPlaced] = useState(false);

  // docs/product.md §5.1: the cart is cleared after a successful order.
  useEffect(() => {
    if (orderPlaced) {
      setPlaced(true);
      cartActions.clear();
    }
  }, [orderPlaced]);

  // A refused order (e.g. a price changed meanwhile): ask for the current prices again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per action result
  useEffect(() => {
    if (lastResult?.status === "error") refresh();
  }, [lastResult]);

  // A refusal (a product gone, a price changed) was about the cart as it was then: once the
  // visitor changes the cart, e.g. removes the unavailable items, it no longer applies.
  const [settledResult, setSettledResult] = useState<typeof lastResult>();
  const itemsAtResult = useRef(cart.items);
  useEffect(() => {
    if (itemsAtResult.current === cart.items) return;
    itemsAtResult.current = cart.items;
    setSettledResult(lastResult);
  }, [cart.items, lastResult]);

  const [form, fields] = useForm({
    id: "checkout",
    lastResult,
    constraint: getZodConstraint(CheckoutContactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CheckoutSchema }),
  });

  if (placed) {
    return (
      <p role="status" className="text-lg font-semibold">
        Processing...
      </p>
    );
  }
  if (cart.items.length === 0) return <EmptyCheckout />;

  const lines: PricedLine[] =
    priced?.lines ?? cart.items.map((item) => ({ ...item, status: "ok" }));
  const orderable = lines.filter((line) => line.status !== "unavailable");
  const totalCents = priced?.totalCents ?? cart.totalCents;
  const orderedCount = orderable.reduce((count, line) => count + line.quantity, 0);
  // Wait for the current prices (unless they cannot be had: the server checks them anyway).
  const unavailableCount = priced?.unavailable.length ?? 0;
  const blocked = (!priced && !failed) || unavailableCount > 0 || orderable.length === 0;

  return (
    <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-5">
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-4 shadow-card sm:p-6 lg:col-span-3"
      >
        <h2 className="text-xl font-bold">Contact Information</h2>
        <div id={form.errorId} className="empty:hidden">
          {form.errors?.length && settledResult !== lastResult ? (
            confirming ? (
              <Alert>
                <AlertTitle>Please confirm your order</AlertTitle>
                <AlertDescription>{form.errors.join(" ")}</AlertDescription>
              </Alert>
            ) : (
              <Alert variant="destructive">
                <AlertTitle>{contact ? "Please wait a moment" : "Error placing order"}</AlertTitle>
                <AlertDescription>
                  <p>{form.errors.join(" ")}</p>
                  {contact ? <OrderByPhone contact={contact} /> : null}
                </AlertDescription>
              </Alert>
            )
          ) : null}
        </div>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Leave this field empty
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <input type="hidden" name={FORM_STAMP_FIELD} value={formStamp} />
        {orderable.map((line, index) => (
          <span key={`${line.id} ${line.personalisation ?? ""}`} hidden>
            <input type="hidden" name={`lines[${index}].productId`} value={line.id} />
            {line.personalisation ? (
              <input
                type="hidden"
                name={`lines[${index}].personalisation`}
                value={line.personalisation}
              />
            ) : null}
            <input type="hidden" name={`lines[${index}].quantity`} value={line.quantity} />
            <input type="hidden" name={`lines[${index}].priceCents`} value={line.priceCents} />
          </span>
        ))}

        <Field
          reserveErrorSpace
          id={fields.name.id}
          label="Full Name"
          errors={fields.name.errors}
          errorId={fields.name.errorId}
        >
          <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
        </Field>
        <Field
          reserveErrorSpace
          id={fields.email.id}
          label="Email Address"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        >
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <Field
          reserveErrorSpace
          id={fields.phone.id}
          label="Phone Number"
          errors={fields.phone.errors}
          errorId={fields.phone.errorId}
        >
          <Input
            {...getInputProps(fields.phone, { type: "tel" })}
            autoComplete="tel"
            placeholder="e.g. 082 123 4567"
          />
        </Field>
        {/* docs/product.md §6.1 "Checkout": an optional note, never needed to place an order. */}
        <Field
          reserveErrorSpace
          id={fields.note.id}
          label={
            <>
              Anything we should know?{" "}
              <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
          hint={`For example "needed by Friday" or "please gift wrap". Up to ${BUYER_NOTE_MAX_LENGTH} characters.`}
          hintId={`${fields.note.id}-hint`}
          errors={fields.note.errors}
          errorId={fields.note.errorId}
        >
          <Textarea
            {...getTextareaProps(fields.note, { ariaDescribedBy: `${fields.note.id}-hint` })}
            maxLength={BUYER_NOTE_MAX_LENGTH}
            rows={3}
          />
        </Field>

        <p className="flex gap-2 rounded-lg bg-muted p-4 text-sm">
          <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          After placing your order, we will contact you to arrange payment and delivery options.
        </p>

        {/* On a phone the summary is further down: what the order comes to, before it is placed. */}
        <p
          data-testid="checkout-total-above-order"
          className="flex items-baseline justify-between gap-4 border-t border-border pt-3 lg:hidden"
        >
          <span className="font-semibold">
            Order total ({orderedCount} {orderedCount === 1 ? "item" : "items"})
          </span>
          <span className="font-bold tabular-nums">{formatRand(totalCents)}</span>
        </p>
        {unavailableCount > 0 ? (
          // Why Place Order is off, beside it: on a phone the summary is further down.
          <p id="checkout-blocked" className="text-sm font-medium text-destructive">
            {unavailableCount === 1
              ? "An item in your cart is no longer available."
              : `${unavailableCount} items in your cart are no longer available.`}{" "}
            Remove {unavailableCount === 1 ? "it" : "them"} in the order summary to place your
            order.
          </p>
        ) : null}
        <Button
          type="submit"
          size="lg"
          disabled={blocked || submitting}
          aria-describedby={unavailableCount > 0 ? "checkout-blocked" : undefined}
        >
          {submitting ? "Processing..." : confirming ? "Confirm Order" : "Place Order"}
        </Button>
        <Link
          to="/cart"
          className="inline-flex items-center gap-2 self-start rounded-md text-sm font-semibold text-primary hover:underline"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Back to cart
        </Link>
      </Form>

      <aside
        aria-labelledby="checkout-summary-heading"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-muted/50 p-4 shadow-card sm:p-6 lg:sticky lg:top-24 lg:col-span-2"
      >
        <h2 id="checkout-summary-heading" className="text-xl font-bold">
          Order Summary
        </h2>
        {priced ? (
          <PriceNotice
            changed={priced.changed}
            unavailable={priced.unavailable}
            action={
              priced.unavailable.length > 0 ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="self-start"
                  onClick={() => {
                    for (const line of priced.unavailable) cartActions.remove(line);
                  }}
                >
                  Remove unavailable items
                </Button>
              ) : null
            }
          />
        ) : null}
        <ul aria-label="Order items" className="flex flex-col divide-y divide-border">
          {lines.map((line) => (
            <li
              key={`${line.id} ${line.personalisation ?? ""}`}
              className="flex items-center gap-3 py-3"
            >
              <div className="w-14 shrink-0 overflow-hidden rounded-md">
                <ProductImage src={line.imageUrl} alt="" size={56} />
              </div>
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 font-medium leading-snug">{line.name}</p>
                <LinePersonalisation text={line.personalisation} />
                <p className="text-sm text-muted-foreground">
                  Qty: {line.quantity}
                  {line.status === "unavailable" ? " · No longer available" : ""}
                </p>
              </div>
              <p className="font-semibold tabular-nums">
                {line.status === "unavailable" ? "—" : formatRand(line.priceCents * line.quantity)}
              </p>
            </li>
          ))}
        </ul>
        <OrderTotals
          totalCents={totalCents}
          shipping="To be calculated"
          loading={loading}
          totalTestId="checkout-total"
          className="border-t border-border pt-4"
        />
      </aside>
    </div>
  );
}

/** Links to order by phone or WhatsApp, when the shop cannot take another order just now. */
function OrderByPhone({ contact }: { contact: CompanyContact }) {
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
      <a
        href={contact.phoneHref}
        className="inline-flex items-center gap-1.5 font-semibold underline"
      >
        <PhoneIcon aria-hidden="true" className="size-4" />
        Call {contact.phone}
      </a>
      <a
        href={contact.whatsAppHref}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 font-semibold underline"
      >
        <MessageCircleIcon aria-hidden="true" className="size-4" />
        WhatsApp us<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
