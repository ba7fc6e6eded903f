/**
 * The editor's document: the pages as the user arranges them and the objects placed on them. Every
 * length is in PDF points with the origin at the page's visible top-left corner, exactly as the
 * operations document (`@wattle/shared` edit-operations) takes them, so saving is a plain mapping.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

/** One page in the rail: an original page (its number in the opened PDF), or a blank page or a page of another PDF inserted here. */
export interface PageSlot {
  key: string;
  /** Page number in the opened PDF; null for a page added in the editor. */
  source: number | null;
  /** For a page of another PDF the user picked: the file, this page's number in it and its page count. */
  inserted?: InsertedPage;
  /** Size of the page as pdf.js shows it before any turn made in the editor. */
  width: number;
  height: number;
  /** Quarter turns clockwise added in the editor. */
  turn: 0 | 90 | 180 | 270;
}

export interface InsertedPage {
  file: File;
  page: number;
  of: number;
}

interface Placed {
  id: string;
  /** The original page it sits on (content lands on the opened PDF's pages). */
  page: number;
}

export interface TextObject extends Placed, Point {
  kind: 'text';
  /** The box's width, for alignment; its height follows from the lines. */
  width: number;
  text: string;
  size: number;
  color: string;
  bold: boolean;
  italic: boolean;
  align: 'left' | 'center' | 'right';
  rotation: number;
}

export interface ImageObject extends Placed, Box {
  kind: 'image';
  image: Blob;
  rotation: number;
}

export interface ShapeObject extends Placed, Box {
  kind: 'rectangle' | 'ellipse';
  stroke?: string;
  fill?: string;
  strokeWidth: number;
  opacity: number;
  rotation: number;
}

export interface WhiteoutObject extends Placed, Box {
  kind: 'whiteout';
}

export interface SegmentObject extends Placed {
  kind: 'line' | 'arrow';
  from: Point;
  to: Point;
  stroke: string;
  strokeWidth: number;
  opacity: number;
}

export interface InkObject extends Placed {
  kind: 'ink';
  strokes: Point[][];
  stroke: string;
  strokeWidth: number;
  opacity: number;
}

export interface MarkupObject extends Placed {
  kind: 'highlight' | 'underline' | 'strikeout';
  rects: Box[];
  color: string;
}

export interface NoteObject extends Placed, Point {
  kind: 'note';
  text: string;
  color: string;
}

export interface StampObject extends Placed, Point {
  kind: 'stamp';
  mark: 'tick' | 'cross' | 'date';
  size: number;
  /** DD/MM/YYYY, for date stamps. */
  date?: string;
  color: string;
}

export type EditorObject = TextObject | ImageObject | ShapeObject | WhiteoutObject | SegmentObject | InkObject | MarkupObject | NoteObject | StampObject;
export type ObjectKind = EditorObject['kind'];

/** Values typed into the PDF's own form fields, by field name. */
export type FormValues = Record<string, string | boolean | string[]>;

/** What undo and redo step through. */
export interface EditorState {
  pages: PageSlot[];
  objects: EditorObject[];
  form: FormValues;
}

/** The side of a note icon, in points (the engine draws the icon at this size too). */
export const NOTE_SIZE = 20;
/** Distance between a text box's baselines, in font sizes (the operations' default). */
export const LINE_HEIGHT = 1.2;
