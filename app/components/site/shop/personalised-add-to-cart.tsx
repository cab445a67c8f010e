import { ShoppingCartIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { showToast } from "#app/components/toaster.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { type CartProduct, cartActions } from "#app/lib/cart.ts";
import {
  normalisePersonalisation,
  type PersonalisationRules,
  personalisationProblem,
} from "#app/lib/personalisation.ts";
import { CART_NOTICE_MS } from "./add-to-cart-button.tsx";

/*
 * The product page's Add to Cart for a product that asks for personalisation (docs/product.md §5.1,
 * decision 040): its field (free text up to the maximum, or a choice from the product's list)
 * beside the button. Each distinct text is its own cart line. The rules are checked here for a
 * quick answer and again by the server at checkout. Only the product route loads this.
 * Without JavaScript there is no cart: the visitor is told what to give when ordering.
 */
export function PersonalisedAddToCart({
  product,
  rules,
}: {
  product: Omit<CartProduct, "personalisation">;
  rules: PersonalisationRules;
}) {
  const id = useId();
  const fieldId = `${id}-personalisation`;
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const control = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  const label = rules.required ? rules.label : `${rules.label} (optional)`;
  const hint = rules.choices
    ? "Each choice is its own item in your cart."
    : `Up to ${rules.maxLength} characters. Each different text is its own item in your cart.`;

  // A visitor may type before the page has hydrated: the field then shows a text React's state
  // never saw (React keeps the typed value but sends no change for it). Take it over once
  // hydrated, and read the field itself when adding, so what is added is what is shown.
  useEffect(() => {
    const shown = control.current?.value;
    if (shown) setText(shown);
  }, []);

  function add(event: React.FormEvent) {
    event.preventDefault();
    const shown = control.current?.value ?? text;
    if (shown !== text) setText(shown);
    const problem = personalisationProblem(rules, shown);
    if (problem) {
      setError(problem);
      control.current?.focus();
      return;
    }
    setError(null);
    const personalisation = normalisePersonalisation(shown) ?? undefined;
    cartActions.add({ ...product, ...(personalisation ? { personalisation } : {}) });
    const named = personalisation ? `${product.name} (“${personalisation}”)` : product.name;
    showToast({
      id: `added-${product.id}-${Date.now()}`,
      type: "success",
      title: "Added to Cart",
      description: `${named} has been added to your cart.`,
      duration: CART_NOTICE_MS,
    });
  }

  const controlProps = {
    id: fieldId,
    ref: control,
    name: "personalisation",
    value: text,
    required: rules.required,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy,
  };

  return (
    <>
      <noscript>
        <p className="rounded-lg border border-border bg-muted p-4 text-sm">
          This product is personalised: when you order, tell us the {rules.label.toLowerCase()}
          {rules.choices
            ? ` (one of: ${rules.choices.join(", ")})`
            : ` (up to ${rules.maxLength} characters)`}
          .
        </p>
        <Link to="/contact" className={buttonVariants({ size: "lg", className: "self-start" })}>
          How to Order
        </Link>
      </noscript>
      <form
        onSubmit={add}
        noValidate
        aria-label={`Personalise ${product.name}`}
        className="flex flex-col gap-3 noscript:hidden sm:max-w-md"
      >
        <Field id={fieldId} label={label} hint={hint} hintId={hintId} errors={error ?? undefined}>
          {rules.choices ? (
            <NativeSelect
              {...controlProps}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
            >
              <option value="">Choose…</option>
              {rules.choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </NativeSelect>
          ) : (
            <Input
              {...controlProps}
              type="text"
              autoComplete="off"
              maxLength={rules.maxLength}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(personalisationProblem(rules, event.target.value));
              }}
            />
          )}
        </Field>
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto sm:self-start"
          aria-label={`Add to Cart: ${product.name}`}
        >
          <ShoppingCartIcon aria-hidden="true" />
          Add to Cart
        </Button>
      </form>
    </>
  );
}
