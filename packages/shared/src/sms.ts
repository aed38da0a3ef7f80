import { SegmentedMessage } from 'sms-segments-calculator';

// How a text travels as SMS, shared by the composer's counter (web) and the server's templates'
// tests. The count is Twilio's own calculator (sms-segments-calculator).
//
// GSM-7 (3GPP TS 23.038, the "GSM 03.38" default alphabet) has 128 characters, among them the
// accented letters à é è ù ì ò ä ö ü ñ ø å æ É Ä Ö Ü Ñ Ø Å Æ Ç ß (and, through an escape that counts
// double, ^ { } [ ] ~ \ | €). French needs more than that: â ê î ô û ë ï ÿ ç œ (lower-case
// c-cedilla, ç, is not in it: only the capital Ç is), À È Ê Ô… and the typography of a word
// processor (’ “ ” « » – — … and non-breaking spaces). One of them anywhere makes the whole
// message UCS-2: 70 characters in one text, 67 a text when split, instead of 160 and 153.

export interface SmsLength {
  /** Characters as the phone counts them (an emoji is one). */
  characters: number;
  /** Texts it is billed and delivered as; 0 for an empty text. */
  segments: number;
  /** UCS-2: a character outside GSM-7 is in it. */
  unicode: boolean;
  /** The characters that make it UCS-2, each once. */
  outsideGsm: string[];
}

export function smsLength(text: string): SmsLength {
  const message = new SegmentedMessage(text);
  return {
    characters: message.numberOfCharacters,
    segments: text.length === 0 ? 0 : message.segmentsCount,
    unicode: message.encodingName === 'UCS-2',
    outsideGsm: [...new Set(message.getNonGsmCharacters())],
  };
}

/**
 * A name or an address typed in the office, made fit for an SMS where that changes nothing a
 * reader would miss: the typography of word processors (curly quotes and apostrophes, dashes,
 * ellipsis, non-breaking spaces) becomes its plain form. Letters are left as they are: a name
 * with "ô" or "ç" is spelled right, even if it costs the message its GSM-7.
 */
export function plainSmsTypography(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u02bc]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u00a0\u2007\u202f\u2009\u200a]/g, ' ');
}

/** A French date in GSM-7: "août" in its rectified spelling (1990), "aout"; the other months are. */
export function gsmFrenchDate(text: string): string {
  return text.replace(/août/g, 'aout');
}
