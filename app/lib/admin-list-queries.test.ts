import { describe, expect, it } from "vitest";
import {
  parseOrderListQuery,
  parseQuoteRequestListQuery,
  parseSubscriberListQuery,
  productListPath,
  searchTerm,
} from "./admin-list-queries.ts";

const params = (query: string) => new URLSearchParams(query);

describe("searchTerm", () => {
  it("trims, bounds to 200 characters and treats blank as no search", () => {
    expect(searchTerm("  walnut  ")).toBe("walnut");
    expect(searchTerm("x".repeat(250))).toHaveLength(200);
    expect(searchTerm("   ")).toBeNull();
    expect(searchTerm(null)).toBeNull();
    expect(searchTerm(undefined)).toBeNull();
  });
});

describe("parseOrderListQuery", () => {
  it("reads the search, a known status and the page", () => {
    expect(parseOrderListQuery(params("q=%20Thandi%20&status=shipped&page=3"))).toEqual({
      q: "Thandi",
      status: "shipped",
      payment: null,
      overdue: false,
      page: 3,
    });
  });

  it("reads the payment filter, and 'overdue' only with a state that can be overdue", () => {
    expect(parseOrderListQuery(params("payment=arranged&overdue=1"))).toMatchObject({
      payment: "arranged",
      overdue: true,
    });
    expect(parseOrderListQuery(params("payment=awaiting_contact&overdue=1"))).toMatchObject({
      payment: "awaiting_contact",
      overdue: true,
    });
    expect(parseOrderListQuery(params("payment=paid&overdue=1"))).toMatchObject({
      payment: "paid",
      overdue: false,
    });
    expect(parseOrderListQuery(params("payment=lost&overdue=1"))).toMatchObject({
      payment: null,
      overdue: false,
    });
    expect(parseOrderListQuery(params("payment=arranged&overdue=yes"))).toMatchObject({
      overdue: false,
    });
  });

  it("reads an unknown status, a bad page and missing values as no filter and page 1", () => {
    expect(parseOrderListQuery(params("status=lost&page=-2"))).toEqual({
      q: null,
      status: null,
      payment: null,
      overdue: false,
      page: 1,
    });
    expect(parseOrderListQuery(params("status=SHIPPED&page=two"))).toEqual({
      q: null,
      status: null,
      payment: null,
      overdue: false,
      page: 1,
    });
  });
});

describe("parseSubscriberListQuery", () => {
  it("reads the search, the state and the page; an unknown state shows all", () => {
    expect(parseSubscriberListQuery(params("q=gmail&page=2"))).toEqual({
      q: "gmail",
      state: null,
      page: 2,
    });
    expect(parseSubscriberListQuery(params(""))).toEqual({ q: null, state: null, page: 1 });
    expect(parseSubscriberListQuery(params("state=pending"))).toMatchObject({ state: "pending" });
    expect(parseSubscriberListQuery(params("state=bounced"))).toMatchObject({ state: "bounced" });
    expect(parseSubscriberListQuery(params("state=toString"))).toMatchObject({ state: null });
  });
});

describe("parseQuoteRequestListQuery", () => {
  it("shows resolved requests only for resolved=1", () => {
    expect(parseQuoteRequestListQuery(params("q=lamp&resolved=1&page=4"))).toEqual({
      q: "lamp",
      showResolved: true,
      page: 4,
    });
    expect(parseQuoteRequestListQuery(params("resolved=true")).showResolved).toBe(false);
    expect(parseQuoteRequestListQuery(params("")).showResolved).toBe(false);
  });
});

describe("productListPath", () => {
  it("keeps a search, encoded, and drops a blank one", () => {
    expect(productListPath("ocean")).toBe("/admin/products?q=ocean");
    expect(productListPath(" gift & card ")).toBe("/admin/products?q=gift+%26+card");
    expect(productListPath("  ")).toBe("/admin/products");
    expect(productListPath(null)).toBe("/admin/products");
    expect(productListPath("ocean", "/admin/products/new")).toBe("/admin/products/new?q=ocean");
  });
});
