// turndown-plugin-gfm ships no types; this is the one export the benchmark uses.
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const gfm: TurndownService.Plugin;
}
