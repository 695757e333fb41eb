/** A piece of text the PDF draws at one place, in PDF points (origin bottom-left, y grows upwards). */
export interface TextRun {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  fontSize: number;
  bold: boolean;
  /** Set in a fixed-width font (a typewriter face: code, commands, file names). */
  monospace?: boolean;
}

/** Runs that share a baseline, left to right. */
export interface TextLine {
  runs: TextRun[];
  x: number;
  y: number;
  right: number;
  fontSize: number;
  bold: boolean;
  /** Every character is set in a fixed-width font. */
  monospace: boolean;
  text: string;
}

/** One block of the document, in reading order. */
export type LayoutBlock =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'code'; text: string }
  /** `contents`: a table of contents, whose rows are its entries and their pages. */
  | { type: 'table'; rows: string[][]; contents?: boolean };
