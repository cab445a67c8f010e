import { CSV_BOM, type CsvValue, csvRow } from "#app/lib/csv.ts";

/*
 * A CSV download streamed batch by batch (decision 009): the next batch is read from the database
 * only when the client has taken the previous one (a pull stream applies backpressure), so an
 * export of 100,000 orders never holds more than one batch in memory. A client that goes
 * away cancels the stream, which stops the reading.
 */

export interface CsvDownload {
  filename: string;
  header: readonly string[];
  /** Batches of records, e.g. one keyset page of rows per batch. */
  batches: AsyncIterable<readonly (readonly CsvValue[])[]>;
  /** Told when the stream fails after the headers were sent (the download then breaks off). */
  onError?: (error: unknown) => void;
}

export async function csvResponse(download: CsvDownload): Promise<Response> {
  const encoder = new TextEncoder();
  const iterator = download.batches[Symbol.asyncIterator]();
  // The first batch is read before answering: a failure there is a plain error response
  // (500) instead of a download cut short.
  const first = await iterator.next();
  let pending: IteratorResult<readonly (readonly CsvValue[])[]> | null = first;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(download.header)));
    },
    async pull(controller) {
      try {
        const next = pending ?? (await iterator.next());
        pending = null;
        if (next.done) {
          controller.close();
          return;
        }
        if (next.value.length > 0) {
          controller.enqueue(encoder.encode(next.value.map(csvRow).join("")));
        }
      } catch (error) {
        download.onError?.(error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${download.filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
