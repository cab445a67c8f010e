import { cn } from "#app/lib/utils.ts";
import { useShopContact } from "./use-shop-contact.ts";

/** The mark and the company's name as the owner saved it (Settings, decision 042). */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const { name } = useShopContact();
  return (
    <span className={cn("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="var(--color-primary)" />
        <path
          d="M20 16v32M20 32l16-16M24 30l14 18"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
        <circle cx="46" cy="18" r="5" fill="var(--color-accent)" />
      </svg>
      <span className={inverted ? "text-white" : "text-foreground"}>{name}</span>
    </span>
  );
}
