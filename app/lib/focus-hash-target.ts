import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/*
 * WCAG 2.4.3: a link to a part of a page (a category tile to /crafts?category=…#products,
 * "View All Products" to /crafts#products) scrolls there, but the focus stayed on the link,
 * now off-screen, so the next Tab scrolled back up. After a link or form takes the visitor to
 * a #fragment, the focus moves to that part's heading (or the part itself), without scrolling
 * again. The first load and Back/Forward leave the focus alone.
 */
export function useFocusHashTarget() {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (key)
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!hash || navigationType === "POP") return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return; // a malformed #fragment names nothing
    }
    const target = document.getElementById(id);
    if (!target) return;
    const heading = target.matches("h1, h2, h3")
      ? target
      : target.querySelector<HTMLElement>("h1, h2, h3");
    const focusable = heading ?? target;
    if (!focusable.hasAttribute("tabindex")) focusable.setAttribute("tabindex", "-1");
    focusable.focus({ preventScroll: true });
  }, [key]);
}
