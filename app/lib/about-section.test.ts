import { describe, expect, it } from "vitest";
import { embedUrl, paragraphsOf, parseVideoLink } from "./about-section.ts";

describe("parseVideoLink", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "vimeo", "76979871"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "76979871"],
  ])("reads %s", (link, provider, id) => {
    expect(parseVideoLink(link)).toEqual({ provider, id });
  });

  it.each([
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "https://vimeo.com/channels/staffpicks",
    "not a link",
    "",
  ])("refuses %s", (link) => {
    expect(parseVideoLink(link)).toBeNull();
  });

  it("embeds privacy-enhanced players only", () => {
    expect(embedUrl({ provider: "youtube", id: "dQw4w9WgXcQ" })).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
    );
    expect(embedUrl({ provider: "vimeo", id: "76979871" })).toBe(
      "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
    );
  });
});

describe("paragraphsOf", () => {
  it("splits at blank lines and joins a paragraph's lines", () => {
    expect(paragraphsOf("One\nline two.\n\n  \nSecond.\r\n\r\nThird")).toEqual([
      "One line two.",
      "Second.",
      "Third",
    ]);
  });
});
