import { ManifestError } from '../manifest.js';
import type { XmlElement } from './xml-tree.js';

/** A sequencing definition the portal refuses: broken, or asking for what the sequencing engine cannot do. */
export class SequencingError extends ManifestError {
  constructor(where: string, problem: string) {
    super(
      { reason: 'sequencing', detail: `${where}: ${problem}` },
      `The manifest's sequencing is not valid: ${where}: ${problem}`,
    );
  }
}

const describe = (element: XmlElement, attr: string, value: string) =>
  `<${element.name}> ${attr}="${value.slice(0, 80)}"`;

/** Reads the attributes of one element, refusing a value outside its type; an absent attribute is undefined. */
export class AttributeReader {
  constructor(
    readonly where: string,
    private readonly element: XmlElement,
  ) {}

  private raw(attr: string): string | undefined {
    const value = this.element.attrs[attr];
    return value === undefined ? undefined : value.trim();
  }

  fail(problem: string): never {
    throw new SequencingError(this.where, problem);
  }

  string(attr: string): string | undefined {
    const value = this.raw(attr);
    if (value === '') this.fail(`<${this.element.name}> has an empty ${attr}.`);
    return value;
  }

  /**
   * An identifier of type xs:anyURI (objectives, shared data): percent-escapes decoded and white space collapsed, as ADL's test suite
   * expects (`" ob%20j%201 "` and `"ob%20%20j%201"` both name the objective "ob j 1").
   */
  anyUri(attr: string): string | undefined {
    const value = this.string(attr);
    if (value === undefined) return undefined;
    let decoded = value;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      // A lone "%" stays as written.
    }
    return decoded.replace(/\s+/g, ' ').trim() || this.fail(`<${this.element.name}> has an empty ${attr}.`);
  }

  boolean(attr: string): boolean | undefined {
    const value = this.raw(attr);
    if (value === undefined) return undefined;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return this.fail(`${describe(this.element, attr, value)} is neither true nor false.`);
  }

  decimal(attr: string, min: number, max: number): number | undefined {
    const value = this.raw(attr);
    return value === undefined ? undefined : decimalIn(this, `${describe(this.element, attr, value)}`, value, min, max);
  }

  count(attr: string): number | undefined {
    const value = this.raw(attr);
    if (value === undefined) return undefined;
    if (!/^\+?\d{1,9}$/.test(value)) this.fail(`${describe(this.element, attr, value)} is not a whole number ≥ 0.`);
    return Number(value);
  }

  token<T extends string>(attr: string, allowed: readonly T[]): T | undefined {
    const value = this.raw(attr);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      this.fail(`${describe(this.element, attr, value)} is not one of ${allowed.join(', ')}.`);
    }
    return value as T;
  }

  duration(attr: string): string | undefined {
    const value = this.raw(attr);
    if (value === undefined) return undefined;
    if (!/^P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/.test(value)) {
      this.fail(`${describe(this.element, attr, value)} is not a duration such as PT30M.`);
    }
    return value;
  }

  dateTime(attr: string): string | undefined {
    const value = this.raw(attr);
    if (value === undefined) return undefined;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(value) || isNaN(Date.parse(value))) {
      this.fail(`${describe(this.element, attr, value)} is not a date and time such as 2026-01-31T09:00:00Z.`);
    }
    return value;
  }
}

/** A decimal in [min, max], from an attribute or an element's text. */
export function decimalIn(reader: AttributeReader, what: string, value: string, min: number, max: number): number {
  const number = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN;
  if (!(number >= min && number <= max)) reader.fail(`${what} is not a number from ${min} to ${max}.`);
  return number;
}
