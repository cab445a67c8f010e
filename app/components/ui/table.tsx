import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

/**
 * A table that scrolls sideways inside its own box on narrow screens. The box can take focus,
 * so a keyboard user can scroll it too (WCAG 2.1.1); named like the table, it is a region.
 */
export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <section
      className="relative w-full overflow-x-auto rounded-[inherit] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be focusable
      tabIndex={0}
      aria-label={props["aria-label"]}
      aria-labelledby={props["aria-labelledby"]}
    >
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </section>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return <tfoot className={cn("border-t bg-muted/50 font-medium", className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("border-b border-border hover:bg-muted/40", className)} {...props} />;
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      className={cn(
        "h-11 px-3 text-left align-middle font-semibold text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("p-3 align-middle", className)} {...props} />;
}
