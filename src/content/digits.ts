// Devanagari digits (०-९) read as ASCII ones, digit for digit: one UTF-16
// unit for one, so that an offset found in the converted text is the same
// offset in the original.

/** `text` with every Devanagari digit written as its ASCII digit ("२-४७" is "2-47"); nothing else changes. */
export const asciiDigits = (text: string): string => text.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966));
