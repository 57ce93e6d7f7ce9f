/**
 * Pieces of Markdown already handled (escapes, code spans, rendered links),
 * held aside while the rest of a line is read so nothing inside them is read
 * as syntax again. Each stands in the text as U+E000, its number in base 36,
 * U+E001, so a line may hold any number of them. A piece holds only
 * placeholders made before it, which is what lets expand() put them back
 * without looping. The author's own U+E000/U+E001 are held first, as
 * themselves (marks), so they survive.
 */
export const PLACEHOLDER = /\ue000([0-9a-z]+)\ue001/g;

export class HeldPieces {
  private readonly pieces: string[] = [];
  private readonly marks = new Set<number>();

  /** How many pieces are held: the number the next one gets. */
  get size(): number {
    return this.pieces.length;
  }

  /** The text with the author's own placeholder marks held as themselves. */
  holdMarks(text: string): string {
    return text.replace(/[\ue000\ue001]/g, (ch) => {
      this.marks.add(this.pieces.length);
      return this.hold(ch);
    });
  }

  /** The placeholder that stands for `piece`. */
  hold(piece: string): string {
    return `\ue000${(this.pieces.push(piece) - 1).toString(36)}\ue001`;
  }

  /** The number of the piece a placeholder stands for. */
  static index(placeholder: string): number {
    return parseInt(placeholder.slice(1, -1), 36);
  }

  /** Whether a placeholder stands for one of the author's own marks. */
  isMark(placeholder: string): boolean {
    return this.marks.has(HeldPieces.index(placeholder));
  }

  /** The text with every placeholder numbered below `below` put back, pieces within pieces included. */
  expand(text: string, below = this.pieces.length): string {
    return text.replace(PLACEHOLDER, (placeholder) => {
      const i = HeldPieces.index(placeholder);
      if (i >= below) return '';
      return this.marks.has(i) ? this.pieces[i]! : this.expand(this.pieces[i]!, i);
    });
  }
}
