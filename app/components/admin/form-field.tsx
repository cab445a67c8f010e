import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/utils.ts";

/**
 * A labelled admin form field with its hint and its error (docs/product.md §6.2 messages), wired for
 * screen readers: the control (the child) carries `aria-describedby` / `aria-invalid` from
 * Conform; this renders the texts those ids point at.
 */
export function FormField({
  label,
  htmlFor,
  errors,
  errorId,
  hint,
  hintId,
  className,
  children,
}: {
  label: React.ReactNode;
  htmlFor: string;
  errors?: string[];
  errorId: string;
  hint?: React.ReactNode;
  hintId?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="min-h-5 text-sm font-medium text-destructive">
        {errors?.[0] ?? ""}
      </p>
    </div>
  );
}

/** Form-level errors (e.g. a save that failed on the server), announced when they appear. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-destructive-border bg-destructive-surface p-3 text-sm text-destructive-text"
    >
      {errors.join(" ")}
    </div>
  );
}
