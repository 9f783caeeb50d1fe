// Contact details in free text (issue 25): reviews refuse them, messages between a pair without a
// booking together mask them. One detector for both, shared by the server and the forms.

const TLD = '(?:com|net|org|info|biz|io|co|me|ke|africa|edu|gov|uk|us)';
/**
 * An e-mail address: `name@domain.tld`, spaces allowed around the signs, or spelt out to get past
 * filters ("name at gmail dot com", "name [at] gmail.com"); spelt out, it must end in a common
 * top-level domain, so "good at maths. Really" is not one.
 */
const EMAIL = new RegExp(
  [
    String.raw`[\p{L}\p{N}._%+-]+\s*@\s*[\p{L}\p{N}-]+(?:\s*\.\s*[\p{L}\p{N}-]+)+`,
    String.raw`[\p{L}\p{N}._%+-]+\s*(?:\(at\)|\[at\]|\sat\s)\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*[\p{L}\p{N}-]+)*\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*${TLD}\b`,
  ].join('|'),
  'giu',
);

/**
 * A phone number: 9 or more digits, possibly with spaces, dots, dashes or brackets between them and a
 * leading +, e.g. 0712 345 678, +254 712-345-678, (020) 2345678. Dates and prices are shorter.
 */
const PHONE = /\+?\(?\d(?:[\s().-]{0,2}\d){8,}/g;

/**
 * A link: a scheme, `www.`, or a bare domain with a common top-level domain in lower case (as links are
 * written; "a lot.Me too" is a sentence).
 */
const LINK =
  /\b(?:[hH][tT][tT][pP][sS]?:\/\/|[wW]{3}\.)\S+|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|net|org|info|biz|io|co|me|ke|africa|link|ly|app|dev|xyz)\b(?:\/\S*)?/gu;

export type ContactKind = 'phone' | 'email' | 'link';

/** Which kinds of contact details `text` contains (empty when none). */
export function contactDetailsIn(text: string, kinds: readonly ContactKind[] = ['phone', 'email', 'link']) {
  const found: ContactKind[] = [];
  if (kinds.includes('email') && new RegExp(EMAIL.source, EMAIL.flags).test(text)) found.push('email');
  // An e-mail's domain is not also a link.
  const withoutEmails = text.replace(new RegExp(EMAIL.source, EMAIL.flags), ' ');
  if (kinds.includes('phone') && new RegExp(PHONE.source, PHONE.flags).test(withoutEmails))
    found.push('phone');
  if (kinds.includes('link') && new RegExp(LINK.source, LINK.flags).test(withoutEmails)) found.push('link');
  return found;
}

/** The mask a hidden contact detail shows as. */
export const CONTACT_MASK = '[contact details hidden]';

/** `text` with its phone numbers and e-mail addresses replaced by `CONTACT_MASK`; `masked` says whether any was. */
export function maskContactDetails(text: string): { text: string; masked: boolean } {
  let masked = false;
  const hide = () => {
    masked = true;
    return CONTACT_MASK;
  };
  const out = text
    .replace(new RegExp(EMAIL.source, EMAIL.flags), hide)
    .replace(new RegExp(PHONE.source, PHONE.flags), hide);
  return { text: out, masked };
}
