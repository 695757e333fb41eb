import { isUndeclaredUtf8 } from './undeclared-charset.js';

const html = (head: string, text: string) =>
  `<!doctype html><html><head>${head}<title>Kayak</title></head><body><p>${text}</p></body></html>`;

describe('isUndeclaredUtf8', () => {
  it('reads undeclared non-ASCII text that is valid UTF-8 as UTF-8', () => {
    expect(isUndeclaredUtf8('text/html', Buffer.from(html('', 'Price: €899, café')))).toBe(true);
  });

  it('leaves pages alone that declare a charset, carry a byte order mark, are ASCII or are not UTF-8', () => {
    const utf8 = Buffer.from(html('', 'café'));
    expect(isUndeclaredUtf8('text/html; charset=windows-1252', utf8)).toBe(false);
    expect(isUndeclaredUtf8('text/html', Buffer.from(html('<meta charset="iso-8859-1">', 'café')))).toBe(
      false,
    );
    const httpEquiv = '<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">';
    expect(isUndeclaredUtf8('text/html', Buffer.from(html(httpEquiv, 'café')))).toBe(false);
    expect(isUndeclaredUtf8('text/html', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toBe(false);
    expect(isUndeclaredUtf8('text/html', Buffer.from(html('', 'cafe')))).toBe(false);
    expect(isUndeclaredUtf8('text/html', Buffer.from(html('', 'caf\u00e9'), 'latin1'))).toBe(false);
  });
});
