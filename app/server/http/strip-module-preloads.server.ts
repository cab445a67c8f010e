import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/*
 * Removes React Router's <link rel="modulepreload"> hints from a streamed page (issue 10).
 * Preloaded modules are fetched at high priority at once, so on a phone's slow connection the
 * page's ~140 KB of JavaScript shares the line with its stylesheet and font and the first paint
 * waits for it: Lighthouse's mobile simulation put the first paint at about 2.0 s with the hints
 * and 0.9–1.1 s without (docs/performance.md). Without them the browser finds the same modules
 * through the page's module script, a round trip later: the page shows sooner and becomes
 * interactive a little later, the right trade for a shop window.
 */

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;

export function stripModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  // The end of the text so far when it may be the start of a tag split across chunks.
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let text = pending + decoder.write(chunk);
      const lastOpen = text.lastIndexOf("<");
      if (lastOpen !== -1 && !text.includes(">", lastOpen)) {
        pending = text.slice(lastOpen);
        text = text.slice(0, lastOpen);
      } else {
        pending = "";
      }
      callback(null, text.replace(MODULE_PRELOAD, ""));
    },
    flush(callback) {
      callback(null, (pending + decoder.end()).replace(MODULE_PRELOAD, ""));
    },
  });
}
