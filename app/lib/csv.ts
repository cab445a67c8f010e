/*
 * CSV encoding for the admin exports (decision 009): RFC 4180 (fields with a comma, a double quote,
 * CR or LF are quoted, quotes doubled, records end with CRLF), UTF-8 with a byte order mark so
 * spreadsheet programs read "Zoë" correctly, and cells neutralised against formula injection
 * (OWASP "CSV Injection"): a cell that begins with =, +, -, @, a tab or a carriage return is
 * prefixed with a single quote, so a spreadsheet shows it as text and never evaluates it.
 */
import { johannesburgDate } from "./dates.ts";

export type CsvValue = string | number | bigint | boolean | Date | null | undefined;

/** Excel and LibreOffice take a leading BOM as "this file is UTF-8". */
export const CSV_BOM = "\uFEFF";
export const CSV_LINE_END = "\r\n";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: neutralised, then quoted when RFC 4180 requires it. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",") + CSV_LINE_END;
}

/** A whole (small) document: BOM, header and rows. Streams build the same text in parts. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]) {
  return CSV_BOM + csvRow(header) + rows.map(csvRow).join("");
}

/** A download name: the prefix and the day in Johannesburg (the company's calendar, whatever
 * the server's time zone), only safe characters. */
export function csvFilename(prefix: string, date: Date): string {
  const safe = prefix.replace(/[^a-z0-9-]+/gi, "-").replace(/^-+|-+$/g, "") || "export";
  return `${safe}-${johannesburgDate(date)}.csv`;
}

/**
 * Reads CSV text back into records (RFC 4180, quoted fields may hold commas, quotes and line
 * breaks). For tests and for checking a download; the BOM is skipped.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.startsWith(CSV_BOM) ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
