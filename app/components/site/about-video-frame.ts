/** The About video's frame: 16:9, rounded, dark until the picture comes. */
export const frame = "relative aspect-video w-full overflow-hidden rounded-xl bg-ink shadow-card";
