/* utf8.h - UTF-8: the library's one decoder.
 *
 * Every module that looks inside a string's characters (the INI line scan, the
 * workbook's text cleaning, sheet names, column widths, cuts on a character
 * boundary) goes through these functions, so that what counts as valid UTF-8
 * (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF) is
 * decided in one place. */
#ifndef TCO_UTIL_UTF8_H
#define TCO_UTIL_UTF8_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* The valid sequence at s, of at most n bytes: its length (1 to 4) with its
 * code point in *cp (may be NULL), or 0 when the bytes there are not valid
 * UTF-8 (a stray continuation byte, an overlong form, a surrogate, a sequence
 * cut short by n). */
size_t tci_utf8_decode(const char *s, size_t n, uint32_t *cp);

/* 1 when the NUL-terminated s is valid UTF-8. */
int tci_utf8_valid(const char *s);

/* The length of the sequence that lead byte b starts in a valid string. */
size_t tci_utf8_len(unsigned char b);

/* 3 when the n bytes at p begin with UTF-8's byte-order mark (EF BB BF), which
 * a text input may carry (a spreadsheet's CSV, a Windows editor's INI) and
 * every reader skips; else 0. */
size_t tci_utf8_bom(const char *p, size_t n);

/* Bytes of the longest prefix of valid UTF-8 s[0..n) that ends on a
 * character boundary: where to cut a string to at most n bytes. */
size_t tci_utf8_cut(const char *s, size_t n);

/* vsnprintf, the same text and the same return value, with %s, %d, %zu, %lld
 * and %% (no flag, width or precision) written by hand: formulas and labels
 * are built from these, and the C library's general formatter costs several
 * times as much. A format with any other conversion goes to vsnprintf. */
int tci_vformat(char *buf, size_t size, const char *fmt, va_list ap);

/* snprintf that never leaves part of a character: when the text does not fit
 * in size bytes, it is cut back to the last whole UTF-8 character (the
 * arguments' text must be valid UTF-8). Returns what snprintf returns. Every
 * fixed-size buffer that can hold user text is filled through this. */
int tci_utf8_format(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Bytes taken by the first `chars` characters of the valid UTF-8 s (all of
 * s when it is shorter). */
size_t tci_utf8_prefix(const char *s, size_t chars);

/* The simple case folding of code point cp (its lower-case form), for the
 * letters that have one in Basic Latin, Latin-1 Supplement, Latin
 * Extended-A, Greek, Cyrillic (with its Supplement) and the fullwidth Latin
 * letters; any other code point is itself. */
uint32_t tci_utf8_fold(uint32_t cp);

/* Compare the UTF-8 strings a and b with their letters case-folded
 * (tci_utf8_fold), as Excel compares sheet names: 0 when they are equal,
 * else negative or positive. Bytes that are not valid UTF-8 compare as they
 * are. */
int tci_utf8_casecmp(const char *a, const char *b);

/* Display columns of code point cp: 2 for wide (CJK) characters, U+2E80 to
 * U+FFEF, else 1. */
int tci_utf8_cp_width(uint32_t cp);

/* Display width of the valid UTF-8 s: wide (CJK) characters, U+2E80 to
 * U+FFEF, count twice; NULL is 0. */
int tci_utf8_width(const char *s);

#endif /* TCO_UTIL_UTF8_H */
