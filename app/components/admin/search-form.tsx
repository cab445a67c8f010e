import { SearchIcon } from "lucide-react";
import type { FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/utils.ts";

/**
 * An admin list's search box: a GET form, so the term lives in the URL (`?q=`), survives a
 * reload, can be linked, and works without JavaScript. The page number is not part of it, so a
 * new search starts on page 1.
 *
 * A list's filter (the orders' status, say) belongs to this same form through the `form`
 * attribute (`form={id}`) and submits it with `requestSubmit()`. One form means one source of
 * truth: a search sends the filter as it is on screen, and a filter change sends the search
 * box as it is, even while the previous navigation is still under way (two forms, each
 * copying the other's value from the URL, sent the old value in that moment).
 */
export function AdminSearchForm({
  id,
  value,
  placeholder,
  label,
  className,
}: {
  /** The form's id, for filters outside it to join it with `form={id}`. */
  id?: string;
  value: string;
  placeholder: string;
  /** The accessible name of the search box. */
  label: string;
  className?: string;
}) {
  const submit = useSubmit();
  // Empty fields are left out, so the URL names only what narrows the list (`?q=x`, not
  // `?q=x&status=`). Without JavaScript the browser sends them; the loaders read both alike.
  function submitNonEmpty(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, field] of new FormData(event.currentTarget)) {
      if (typeof field === "string" && field.trim() !== "") params.append(name, field);
    }
    void submit(params, { method: "get" });
  }

  return (
    <Form
      id={id}
      method="get"
      role="search"
      onSubmit={submitNonEmpty}
      className={cn("flex gap-2 sm:max-w-md", className)}
    >
      <div className="relative flex-1">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          name="q"
          defaultValue={value}
          key={value}
          placeholder={placeholder}
          aria-label={label}
          maxLength={200}
          className="pl-9"
        />
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}
