import { DownloadIcon } from "lucide-react";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";

/**
 * 'Export CSV' (decision 009): a plain link to an admin resource route, so the browser downloads
 * the streamed file itself (a client-side navigation would try to render it).
 */
export function ExportLink({ href, label = "Export CSV" }: { href: string; label?: string }) {
  return (
    <a href={href} download className={cn(buttonVariants({ variant: "outline" }), "gap-2")}>
      <DownloadIcon aria-hidden="true" />
      {label}
    </a>
  );
}
