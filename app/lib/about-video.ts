/* The about video as the home page's player takes it (app/server/site/about-video.server.ts). */

export type AboutVideo =
  | { kind: "configured"; url: string }
  /**
   * The owner's (Settings → About): an uploaded file, or a YouTube/Vimeo player's address
   * (privacy-enhanced), with its title and the owner's poster (null: the site's own).
   */
  | { kind: "owner"; url: string; title: string; poster: string | null }
  | {
      kind: "shipped";
      webm: string;
      webmType: string;
      mp4: string;
      mp4Type: string;
      captions: string;
      width: number;
      height: number;
      durationSeconds: number;
      /** The poster as a data URL (see SHIPPED_POSTER). */
      poster: string;
    };
