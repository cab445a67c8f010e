/*
 * Apart from Field: only the admin's forms show form-level errors, and Field is in every
 * public page's script.
 */

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
