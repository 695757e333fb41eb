/** A piece of text the PDF draws at one place, in PDF points (origin bottom-left, y grows upwards). */
export interface TextRun {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  fontSize: number;
  bold: boolean;
}

/** Runs that share a baseline, left to right. */
export interface TextLine {
  runs: TextRun[];
  x: number;
  y: number;
  right: number;
  fontSize: number;
  bold: boolean;
  text: string;
}

/** One block of the document, in reading order. */
export type LayoutBlock =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  /** `contents`: a table of contents, whose rows are its entries and their pages. */
  | { type: 'table'; rows: string[][]; contents?: boolean };
