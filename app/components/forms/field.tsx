import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/utils.ts";

/** The props a field hands its control, so that a screen reader hears the field's error. */
export type FieldControlProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/**
 * A labelled form field with its hint and its first error (docs/product.md §6.2 messages), for the
 * public forms, the checkout and the admin's forms alike.
 *
 * - A Conform form spreads the field's props on the control (the child), which carries
 *   `aria-describedby` / `aria-invalid`; it passes `errorId` and `reserveErrorSpace`, so the
 *   error's line is there (empty) before an error appears and the form does not move.
 * - A public enquiry form passes a function as the child: it is given the id and the aria
 *   props, and the error's line is rendered only when there is an error.
 */
export function Field({
  id,
  label,
  errors,
  errorId = `${id}-error`,
  hint,
  hintId,
  reserveErrorSpace = false,
  className,
  children,
}: {
  /** The control's id (the label's `htmlFor`). */
  id: string;
  label: React.ReactNode;
  errors?: string | string[];
  errorId?: string;
  hint?: React.ReactNode;
  hintId?: string;
  reserveErrorSpace?: boolean;
  className?: string;
  children: React.ReactNode | ((props: FieldControlProps) => React.ReactNode);
}) {
  const error = firstError(errors);
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {typeof children === "function"
        ? children({
            id,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? errorId : undefined,
          })
        : children}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} reserveSpace={reserveErrorSpace} />
    </div>
  );
}

/**
 * A field's first error, under the id its control's `aria-describedby` names. Without an
 * error it renders nothing, or with `reserveSpace` an empty line of the error's height.
 */
export function FieldError({
  id,
  errors,
  reserveSpace = false,
}: {
  id: string;
  errors?: string | string[];
  reserveSpace?: boolean;
}) {
  const error = firstError(errors);
  if (!error && !reserveSpace) return null;
  return (
    <p id={id} className={cn("text-sm font-medium text-destructive", reserveSpace && "min-h-5")}>
      {error ?? ""}
    </p>
  );
}

function firstError(errors: string | string[] | undefined): string | undefined {
  return (typeof errors === "string" ? errors : errors?.[0]) || undefined;
}
