/* The about video as the home page's player takes it (app/server/site/about-video.server.ts). */

export type AboutVideo =
  | { kind: "configured"; url: string }
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
