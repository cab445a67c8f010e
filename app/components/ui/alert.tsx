import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

const alertVariants = cva("relative w-full rounded-lg border p-4 text-sm [&>svg]:size-4", {
  variants: {
    variant: {
      default: "border-border bg-background text-foreground",
      destructive: "border-destructive-border bg-destructive-surface text-destructive-text",
      warning: "border-warning-border bg-warning-surface text-warning-text",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Alert({
  className,
  variant,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div role="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: React.ComponentProps<"h5">) {
  return <h5 className={cn("mb-1 font-semibold leading-none", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("text-sm", className)} {...props} />;
}
