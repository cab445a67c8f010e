import { SearchIcon } from "lucide-react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/utils.ts";

/**
 * An admin list's search box: a GET form, so the term lives in the URL (`?q=`), survives a
 * reload, can be linked, and works without JavaScript. Other query parameters (a filter, say)
 * are kept through `keep`; the page number is dropped, so a new search starts on page 1.
 */
export function AdminSearchForm({
  value,
  placeholder,
  label,
  keep = {},
  className,
}: {
  value: string;
  placeholder: string;
  /** The accessible name of the search box. */
  label: string;
  keep?: Record<string, string | null | undefined>;
  className?: string;
}) {
  return (
    <Form method="get" role="search" className={cn("flex gap-2 sm:max-w-md", className)}>
      {Object.entries(keep).map(([name, kept]) =>
        kept ? <input key={name} type="hidden" name={name} value={kept} /> : null,
      )}
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
