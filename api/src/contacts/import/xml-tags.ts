import { setImmediate as nextTurn } from 'node:timers/promises';

/*
 * The opening tags of an XML part of a workbook, found the way the workbook reader's XML parser (saxen,
 * inside read-excel-file) finds them, so that a sheet can be measured before the reader builds it: a tag
 * ends at the first '>' outside quotes; comments, CDATA and processing instructions hold no tags; a
 * name's namespace prefix is dropped ('x:row' is 'row'); attribute values have their character references
 * decoded ('&#65;' is 'A'). Where the two could differ, this side sees more, never less: a value quoted
 * in a way saxen ignores is still read here. The scan takes time linear in the text and gives the event
 * loop a turn every SLICE_CHARS.
 */

/** An opening tag: its local name, the text of its attributes, and whether it closes itself (`<c r="A1"/>`). */
export interface OpenTag {
  name: string;
  attributes: string;
  selfClosing: boolean;
}

const SLICE_CHARS = 256 * 1024;

/**
 * Calls `onTag` for every opening tag of `xml` whose local name is in `names`, in order. Stops at the
 * end, or where the text stops being well formed enough to go on (an unclosed comment or tag): the
 * reader refuses such a part itself.
 */
export async function forEachOpenTag(xml: string, names: ReadonlySet<string>, onTag: (tag: OpenTag) => void): Promise<void> {
  for (let position = 0; position !== -1; position = scanSlice(xml, position, names, onTag)) await nextTurn();
}

/** Scans from `position` for about SLICE_CHARS; where to go on from, or -1 at the end. Synchronous, so V8 optimises it whole. */
function scanSlice(xml: string, position: number, names: ReadonlySet<string>, onTag: (tag: OpenTag) => void): number {
  const sliceEnd = position + SLICE_CHARS;
  while (position <= sliceEnd) {
    const start = xml.indexOf('<', position);
    if (start === -1) return -1;
    const end = tagEnd(xml, start);
    if (end === -1) return -1;
    position = end + 1;
    const first = xml.charCodeAt(start + 1);
    // Closing tags ('/'), comments, CDATA and declarations ('!') and processing instructions ('?') open nothing.
    if (first !== SLASH && first !== BANG && first !== QUESTION) {
      const tag = openTag(xml, start + 1, end, names);
      if (tag) onTag(tag);
    }
  }
  return position;
}

const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const COLON = 58;
const GREATER = 62;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;

const isSpace = (code: number) => code === 32 || (code > 8 && code < 14);
/** Characters saxen takes in a name: letters, digits, ':', '.', '-', '_'. */
const isNameChar = (code: number) => (code > 96 && code < 123) || (code > 64 && code < 91) || (code > 47 && code < 59) || code === 46 || code === 45 || code === 95;

/** Where the markup starting at `start` ends ('>'), or -1 when it never does. */
function tagEnd(xml: string, start: number): number {
  const next = xml.charCodeAt(start + 1);
  if (next === BANG && xml.startsWith('<!--', start)) return endOf(xml, '-->', start);
  if (next === BANG && xml.startsWith('<![CDATA[', start)) return endOf(xml, ']]>', start);
  if (next === QUESTION) return endOf(xml, '?>', start);
  for (let at = start + 1; at < xml.length; at += 1) {
    const code = xml.charCodeAt(at);
    if (code === GREATER) return at;
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      // A quoted value may hold '>'; an unmatched quote is an ordinary character, as in saxen.
      const close = xml.indexOf(code === DOUBLE_QUOTE ? '"' : "'", at + 1);
      if (close !== -1) at = close;
    }
  }
  return -1;
}

function endOf(xml: string, terminator: string, start: number): number {
  const at = xml.indexOf(terminator, start);
  return at === -1 ? -1 : at + terminator.length - 1;
}

/** The tag between `from` (after '<') and `end` (its '>'), if its local name is one of `names`. */
function openTag(xml: string, from: number, end: number, names: ReadonlySet<string>): OpenTag | null {
  const selfClosing = xml.charCodeAt(end - 1) === SLASH;
  const contentEnd = selfClosing ? end - 1 : end;
  let nameEnd = from;
  let colon = -1;
  while (nameEnd < contentEnd && !isSpace(xml.charCodeAt(nameEnd))) {
    if (colon === -1 && xml.charCodeAt(nameEnd) === COLON) colon = nameEnd;
    nameEnd += 1;
  }
  const name = xml.slice(colon === -1 ? from : colon + 1, nameEnd);
  if (!names.has(name)) return null;
  return { name, attributes: xml.slice(nameEnd, contentEnd), selfClosing };
}

/** Without its namespace prefix: the reader drops everything up to the first ':'. */
const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

/**
 * The decoded values of every attribute named `name` (any prefix) in a tag's attribute text, in order.
 * The reader keeps one of them; a caller that bounds a value checks them all.
 */
export function attributeValues(attributes: string, name: string): string[] {
  const values: string[] = [];
  let from = 0;
  for (;;) {
    const equals = attributes.indexOf('=', from);
    if (equals === -1) return values;
    // saxen wants no space around '='; reading `r = "A1"` too only sees more.
    let nameEnd = equals;
    while (nameEnd > from && isSpace(attributes.charCodeAt(nameEnd - 1))) nameEnd -= 1;
    let nameStart = nameEnd;
    while (nameStart > from && isNameChar(attributes.charCodeAt(nameStart - 1))) nameStart -= 1;
    let valueStart = equals + 1;
    while (isSpace(attributes.charCodeAt(valueStart))) valueStart += 1;
    const quote = attributes.charCodeAt(valueStart);
    if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) {
      from = equals + 1;
      continue;
    }
    const close = attributes.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", valueStart + 1);
    if (close === -1) return values;
    if (localName(attributes.slice(nameStart, nameEnd)) === name) values.push(decodeReferences(attributes.slice(valueStart + 1, close)));
    from = close + 1;
  }
}

/** The last value of an attribute, as the reader would take it, or undefined. */
export function attributeValue(attributes: string, name: string): string | undefined {
  return attributeValues(attributes, name).at(-1);
}

const REFERENCE = /&#(\d+);|&#x([0-9a-f]+);|&(\w+);/gi;
const ENTITIES = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };
/** saxen knows each entity in lower case and in upper case ('&AMP;'), not mixed. */
const NAMED = new Map(Object.entries(ENTITIES).flatMap(([name, text]) => [[name, text] as const, [name.toUpperCase(), text] as const]));

/** Character references and the five XML entities, decoded as saxen's decodeEntities does. */
function decodeReferences(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(REFERENCE, (whole, decimal?: string, hex?: string, named?: string) => {
    if (named !== undefined) return NAMED.get(named) ?? whole;
    return String.fromCharCode(decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16));
  });
}
