// Strings to small integer codes, in first-met order: the columns of many rows hold a code, the string once.

/** Values to small codes, in first-met order; `values[code]` is the value back. */
export class InternedCodes {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }

  /** The code of a value met before, else undefined. */
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
}
