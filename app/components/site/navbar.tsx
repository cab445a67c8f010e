import { MenuIcon, ShoppingCartIcon, XIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import { NAV_LINKS } from "#app/content/navigation.ts";
import { useCart } from "#app/lib/cart.ts";
import { cn } from "#app/lib/utils.ts";
import { Logo } from "./logo.tsx";

/** docs/product.md §9: the bar becomes compact once the page has scrolled past 50 px. */
const COMPACT_AFTER_PX = 50;

function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

function QuoteLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const location = useLocation();
  const onHome = location.pathname === "/";
  return (
    // A real link (works without JavaScript); on home it scrolls smoothly instead.
    // biome-ignore lint/a11y/useValidAnchor: the click handler only enhances the navigation
    <a
      href="/#quote"
      className={cn(buttonVariants({ variant: "accent", size: "sm" }), className)}
      onClick={(event) => {
        onNavigate?.();
        const target = onHome ? document.getElementById("quote") : null;
        if (target) {
          // Already on home: scroll smoothly instead of reloading (docs/product.md §2.2).
          event.preventDefault();
          target.scrollIntoView({ behavior: "smooth" });
          history.replaceState(null, "", "/#quote");
        }
      }}
    >
      Get a Quote
    </a>
  );
}

function CartLink({ className }: { className?: string }) {
  const { count } = useCart();
  return (
    <Link
      to="/cart"
      className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "relative", className)}
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}
    >
      <ShoppingCartIcon aria-hidden="true" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-accent-foreground"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted",
    isActive ? "text-primary" : "text-foreground",
  );

/** The small-screen menu's links (the same as the bar's, plus 'Get a Quote'). */
function MobileMenuList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1 pt-2">
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.to === "/"}
            className={(state) => cn(linkClass(state), "block py-3 text-base")}
            onClick={onNavigate}
          >
            {link.label}
          </NavLink>
        </li>
      ))}
      <li className="pt-2">
        <QuoteLink className="w-full" onNavigate={onNavigate} />
      </li>
    </ul>
  );
}

/**
 * The small-screen menu before the page has hydrated, and for good without JavaScript: a
 * native disclosure (<details>), which opens and closes with no script, by mouse, touch
 * or keyboard, and announces its state. Choosing a link loads the next page, closed.
 */
function FallbackMobileMenu() {
  return (
    <details className="group md:hidden">
      <summary
        className={cn(
          buttonVariants({ variant: "ghost", size: "icon" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        <MenuIcon aria-hidden="true" className="group-open:hidden" />
        <XIcon aria-hidden="true" className="hidden group-open:block" />
        <span className="sr-only">Menu</span>
      </summary>
      {/* Under the bar, full width: the header (fixed) is the containing block. */}
      <div className="absolute inset-x-0 top-full border-t border-border bg-background px-4 pb-4 shadow-sm">
        <MobileMenuList />
      </div>
    </details>
  );
}

export function Navbar() {
  const compact = useScrolledPast(COMPACT_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const hydrated = useHydrated();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  // The menu closes whenever a link is chosen (the path changes) and on Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Focus inside the menu would vanish with it: give it back to the toggle.
      if (menuRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
      setMenuOpen(false);
    };
    // Tabbing on past its last link closes it, or the open menu would cover the page's focus.
    const onFocusIn = (event: FocusEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [menuOpen]);

  return (
    <header
      ref={headerRef}
      data-compact={compact}
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-b transition-all",
        compact
          ? "border-border bg-background/95 shadow-sm backdrop-blur"
          : "border-transparent bg-background",
      )}
    >
      <nav
        aria-label="Main"
        className={cn(
          "mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 transition-all sm:px-6",
          compact ? "h-14" : "h-18",
        )}
      >
        <Link to="/" aria-label="Home" className="rounded-md">
          <Logo />
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === "/"} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <CartLink />
          <QuoteLink className="hidden md:inline-flex" />
          {hydrated ? (
            <button
              ref={toggleRef}
              type="button"
              className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "md:hidden")}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
            </button>
          ) : (
            <FallbackMobileMenu />
          )}
        </div>
      </nav>
      {hydrated ? (
        <div
          ref={menuRef}
          id={menuId}
          hidden={!menuOpen}
          className="border-t border-border bg-background px-4 pb-4 md:hidden"
        >
          <MobileMenuList onNavigate={() => setMenuOpen(false)} />
        </div>
      ) : null}
    </header>
  );
}
