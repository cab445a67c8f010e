import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvDocument, csvFilename, csvRow, parseCsv } from "./csv.ts";

describe("csvCell", () => {
  it("leaves plain values alone", () => {
    expect(csvCell("Thandi Nkosi")).toBe("Thandi Nkosi");
    expect(csvCell(12)).toBe("12");
    expect(csvCell("120.50")).toBe("120.50");
    expect(csvCell("Zoë Ünal 🎁")).toBe("Zoë Ünal 🎁");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("Nkosi, Thandi")).toBe('"Nkosi, Thandi"');
    expect(csvCell('The "Deluxe" box')).toBe('"The ""Deluxe"" box"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("line one\r\nline two")).toBe('"line one\r\nline two"');
    expect(csvCell('"')).toBe('""""');
  });

  it.each([
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["=1+2", "'=1+2"],
    ["+27 82 123 4567", "'+27 82 123 4567"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
    ["=cmd|' /C calc'!A0,x", "\"'=cmd|' /C calc'!A0,x\""],
  ])("neutralises the formula %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("does not touch a formula character later in the cell", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("x@example.com")).toBe("x@example.com");
    expect(csvCell(" =1")).toBe(" =1");
  });

  it("writes dates as ISO 8601", () => {
    expect(csvCell(new Date("2026-11-22T12:05:00Z"))).toBe("2026-11-22T12:05:00.000Z");
  });
});

describe("csvRow and csvDocument", () => {
  it("joins cells with commas and ends each record with CRLF", () => {
    expect(csvRow(["a", "b,c", 3])).toBe('a,"b,c",3\r\n');
    expect(csvDocument(["Email", "Date"], [["a@b.co", "2026-11-22"]])).toBe(
      `${CSV_BOM}Email,Date\r\na@b.co,2026-11-22\r\n`,
    );
  });

  it("round-trips any text through parseCsv, neutralised cells keeping their text after the quote", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        (rows) => {
          const parsed = parseCsv(
            csvDocument(
              ["h"],
              rows.map((r) => r),
            ),
          );
          expect(parsed[0]).toEqual(["h"]);
          const body = parsed.slice(1);
          // A record of one empty field encodes as an empty line, which reads back as [""].
          expect(body).toHaveLength(rows.length);
          rows.forEach((row, r) => {
            row.forEach((value, c) => {
              const read = body[r]![c]!;
              expect(read === value || read === `'${value}`).toBe(true);
              if (read !== value) expect(value).toMatch(/^[=+\-@\t\r]/);
            });
          });
        },
      ),
    );
  });
});

describe("csvFilename", () => {
  it("names the file with the Johannesburg date and only safe characters", () => {
    expect(csvFilename("orders", new Date("2026-11-22T12:00:00Z"))).toBe("orders-2026-11-22.csv");
    // 23:30 UTC is already the next day in Durban.
    const late = new Date("2026-11-22T23:30:00Z");
    expect(csvFilename("quote requests/../x", late)).toBe("quote-requests-x-2026-11-23.csv");
  });
});
