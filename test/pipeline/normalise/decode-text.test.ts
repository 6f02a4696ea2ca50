import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../pipeline/normalise/decode-text.ts';
import { normaliseCategories } from '../../../pipeline/normalise/categories.ts';
import { parseFullAddress } from '../../../pipeline/normalise/full-address.ts';
import { normaliseText } from '../../../pipeline/normalise/scalars.ts';
import { COUNTRIES } from '../../../model/countries.ts';

describe('decodeText', () => {
  it.each([
    ['Espahotel Gran V&iacute;a', 'Espahotel Gran Vía'],
    ['HOSTEL &amp; SPORTS CAFE', 'HOSTEL & SPORTS CAFE'],
    ['&Aacute;vila &Uacute;nico', 'Ávila Único'],
    ['caf&#233; &#xE9;t&#XE9;', 'café été'],
    ['Carquizano 5, &lt;br/&gt;20001 San Sebastián', 'Carquizano 5, 20001 San Sebastián'],
    ['Diputación Etorbidea 37&lt;br/&gt;', 'Diputación Etorbidea 37'],
    ['Calle Sol 1<br>Madrid', 'Calle Sol 1, Madrid'],
    ['Calle Sol 1<BR />Madrid', 'Calle Sol 1, Madrid'],
    ['<p>Hotel</p><p>Sol</p>', 'Hotel, Sol'],
    ['<b>Hotel</b> <span class="x">Sol</span>', 'Hotel Sol'],
    // Left as written: a bare ampersand, an unterminated reference, text that only looks like markup.
    ['B&B Belfast', 'B&B Belfast'],
    ['Tom & Jerry &B', 'Tom & Jerry &B'],
    ['&copy2', '&copy2'],
    ['AT&T; x', 'AT&T; x'],
    ['Hotel <3', 'Hotel <3'],
    ['<Sol> Mar', '<Sol> Mar'],
    // A decimal comma beside removed markup is not a separator.
    ['Km 38,5<br>Ponte', 'Km 38,5, Ponte'],
    ['plain text', 'plain text'],
  ])('%s → %s', (input, expected) => {
    expect(decodeText(input)).toBe(expected);
  });
});

describe('decoding comes before the other text rules', () => {
  it('free text fields are decoded and then cleaned', () => {
    expect(normaliseText('  Gran&nbsp;V&iacute;a   10 ', 'address').value).toBe('Gran Vía 10');
    expect(normaliseText('&lt;br&gt;', 'name').value).toBeNull();
  });

  it('category labels are decoded', () => {
    expect(normaliseCategories(['Pensi&oacute;n', 'Bed &amp; breakfast', 'Pensión']).value).toEqual(['Pensión', 'Bed & breakfast']);
  });

  it('a one-line address is decoded before it is split', () => {
    const parts = parseFullAddress('Calle Alcal&aacute; 5&lt;br&gt;28014 Madrid, Espa&ntilde;a', COUNTRIES.es);
    expect(parts).toMatchObject({ street: 'Calle Alcalá 5', postalCode: '28014', city: 'Madrid', countryName: 'España' });
  });
});

describe('decodeText: edge cases found by mutation runs', () => {
  it.each([
    // Spaces inside tags, closing and self-closing forms, each break tag.
    ['A< br >B', 'A, B'],
    ['A</ p >B', 'A, B'],
    ['A< / div >B', 'A, B'],
    ['A<br\t/>B', 'A, B'],
    ['A<hr>B', 'A, B'],
    ['A<li>B', 'A, B'],
    ['A<tr>B', 'A, B'],
    ['A<span\n>B', 'AB'],
    ['< b >Sol</ b >', 'Sol'],
    ['<a href="x">Sol</a>', 'Sol'],
    ['A<em >B</em>', 'AB'],
    // A longer word is no tag.
    ['A<brx>B', 'A<brx>B'],
    ['A<p2>B', 'A<p2>B'],
    ['<bx>Sol', '<bx>Sol'],
    // Separators around removed markup: doubled, spaced, at either end.
    ['<br>', ''],
    ['A<br>', 'A'],
    [' <br>A', 'A'],
    [' A<b>B ', 'AB'],
    [',,A<br>B,,', 'A, B'],
    ['A,<br>B', 'A, B'],
    ['A ,<br>B', 'A, B'],
    ['A\t,<br>B', 'A, B'],
    ['A<br>, B', 'A, B'],
    ['A<br> ,B', 'A,B'],
    ['A, <br>B', 'A, B'],
    ['A,,<br>B', 'A, B'],
    ['A, ,<br> , B', 'A, B'],
    ['A<br><br>B', 'A, B'],
    ['A , , B<br>', 'A, B'],
    ['A <br>  B', 'A,   B'],
    ['A,B<br>C', 'A,B, C'],
    ['A , B<br>C', 'A, B, C'],
    ['A  , B<br>C', 'A, B, C'],
    ['A<b>,</b>B', 'A,B'],
    // Text with "<" but no markup keeps its separators exactly.
    ['Hotel , <3', 'Hotel , <3'],
    [', Hotel <3', ', Hotel <3'],
    ['Hotel <3 ,', 'Hotel <3 ,'],
    ['a&lt;b , c', 'a<b , c'],
  ])('%j → %j', (input, expected) => {
    expect(decodeText(input)).toBe(expected);
  });
});
