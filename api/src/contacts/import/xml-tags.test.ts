import { cellAddress } from './sheet-bounds';
import { attributeValue, attributeValues, forEachOpenTag, type OpenTag } from './xml-tags';

/** The tags named `names` in `xml`, as the scan reports them. */
async function tags(xml: string, names: string[]): Promise<OpenTag[]> {
  const found: OpenTag[] = [];
  await forEachOpenTag(xml, new Set(names), (tag) => found.push(tag));
  return found;
}

describe('forEachOpenTag', () => {
  it('finds opening tags by local name, self-closing ones marked, and skips closing tags, comments, CDATA and declarations', async () => {
    const xml = '<?xml version="1.0"?><x:row r="1"><!-- <row r="9"> --><c r="A1"/><![CDATA[<row r="8">]]></x:row><row r="2">';
    expect(await tags(xml, ['row', 'c'])).toEqual([
      { name: 'row', attributes: ' r="1"', selfClosing: false },
      { name: 'c', attributes: ' r="A1"', selfClosing: true },
      { name: 'row', attributes: ' r="2"', selfClosing: false },
    ]);
  });

  it('ends a tag at the first ">" outside quotes', async () => {
    expect(await tags(`<c s="a>b" t='>' r="ZZ1"><v>1</v></c>`, ['c'])).toEqual([{ name: 'c', attributes: ` s="a>b" t='>' r="ZZ1"`, selfClosing: false }]);
  });

  it('stops at markup that never ends', async () => {
    expect(await tags('<row r="1"><c r="A1', ['row', 'c'])).toEqual([{ name: 'row', attributes: ' r="1"', selfClosing: false }]);
  });
});

describe('attributeValues', () => {
  it('reads every value of a name, any prefix, either quote, character references decoded as saxen decodes them', () => {
    expect(attributeValues(` r="A1" x:r='B2' rr="C3" r = "&#68;&#x34;"`, 'r')).toEqual(['A1', 'B2', 'D4']);
    expect(attributeValues(` r="&amp;&AMP;&Amp;&nbsp;"`, 'r')).toEqual(['&&&Amp;&nbsp;']);
    expect(attributeValue(` r:id="rId1" name="Sheet1"`, 'id')).toBe('rId1');
    expect(attributeValue(` name=Sheet1`, 'name')).toBeUndefined();
  });
});

describe('cellAddress', () => {
  it('reads an address as read-excel-file does: base-26 letters, then a Number', () => {
    expect(cellAddress('A1')).toEqual({ row: 1, column: 1 });
    expect(cellAddress('AX199999')).toEqual({ row: 199_999, column: 50 });
    expect(cellAddress('XFD1048576')).toEqual({ row: 1_048_576, column: 16_384 });
    expect(cellAddress('A1e9')).toEqual({ row: 1e9, column: 1 });
    expect(cellAddress('AB')).toEqual({ row: NaN, column: 28 });
  });
});
