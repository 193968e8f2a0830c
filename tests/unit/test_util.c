/* test_util.c - the helpers of tco/util, each tested once here: UTF-8, numbers
 * as text (the shortest text of a double among them) and integers read from text, "did you mean",
 * dates, percentiles. Every expected value is worked out by hand in the comment beside it. */
#include "check.h"
#include "util/currency.h"
#include "util/date.h"
#include "util/numtext.h"
#include "util/order.h"
#include "util/quantile.h"
#include "util/suggest.h"
#include "util/utf8.h"

#include <ctype.h>
#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <stdarg.h>
#include <string.h>

/* ===== UTF-8 ===== */

static void test_utf8_decode(void)
{
    uint32_t cp = 0;
    CU_ASSERT_EQUAL(tci_utf8_decode("A", 1, &cp), 1);
    CU_ASSERT_EQUAL(cp, 0x41);
    /* U+00E9 is C3 A9; U+4E2D (中) is E4 B8 AD; U+1F600 is F0 9F 98 80. */
    CU_ASSERT_EQUAL(tci_utf8_decode("\xC3\xA9", 2, &cp), 2);
    CU_ASSERT_EQUAL(cp, 0xE9);
    CU_ASSERT_EQUAL(tci_utf8_decode("\xE4\xB8\xAD", 3, &cp), 3);
    CU_ASSERT_EQUAL(cp, 0x4E2D);
    CU_ASSERT_EQUAL(tci_utf8_decode("\xF0\x9F\x98\x80", 4, &cp), 4);
    CU_ASSERT_EQUAL(cp, 0x1F600);
    /* Cut short by n, a stray continuation byte, overlong forms of '/' and of
     * U+0800, a surrogate (U+D800), above U+10FFFF (F4 90 80 80), a bad second byte. */
    CU_ASSERT_EQUAL(tci_utf8_decode("\xE4\xB8\xAD", 2, NULL), 0);
    CU_ASSERT_EQUAL(tci_utf8_decode("\x80", 1, NULL), 0);
    CU_ASSERT_EQUAL(tci_utf8_decode("\xC0\xAF", 2, NULL), 0);
    CU_ASSERT_EQUAL(tci_utf8_decode("\xE0\x9F\xBF", 3, NULL), 0);
    CU_ASSERT_EQUAL(tci_utf8_decode("\xED\xA0\x80", 3, NULL), 0);
    CU_ASSERT_EQUAL(tci_utf8_decode("\xF4\x90\x80\x80", 4, NULL), 0);
    CU_ASSERT_EQUAL(tci_utf8_decode("\xC3\x41", 2, NULL), 0);
    CU_ASSERT_EQUAL(tci_utf8_decode("", 0, NULL), 0);
}

static void test_utf8_strings(void)
{
    CU_ASSERT_TRUE(tci_utf8_valid("plain"));
    CU_ASSERT_TRUE(tci_utf8_valid("\xE4\xB8\xAD\xE6\x96\x87 ok"));
    CU_ASSERT_FALSE(tci_utf8_valid("bad \xFF byte"));
    CU_ASSERT_FALSE(tci_utf8_valid("cut \xE4\xB8"));
    /* "中文" is 6 bytes: a cut at 4 or 5 keeps the first character (3 bytes). */
    const char *zh = "\xE4\xB8\xAD\xE6\x96\x87";
    CU_ASSERT_EQUAL(tci_utf8_cut(zh, 6), 6);
    CU_ASSERT_EQUAL(tci_utf8_cut(zh, 5), 3);
    CU_ASSERT_EQUAL(tci_utf8_cut(zh, 2), 0);
    CU_ASSERT_EQUAL(tci_utf8_prefix(zh, 1), 3);
    CU_ASSERT_EQUAL(tci_utf8_prefix(zh, 9), 6);
    CU_ASSERT_EQUAL(tci_utf8_prefix("abc", 2), 2);
    /* Two wide characters and one narrow: 2 + 2 + 1. */
    CU_ASSERT_EQUAL(tci_utf8_width("\xE4\xB8\xAD\xE6\x96\x87x"), 5);
    CU_ASSERT_EQUAL(tci_utf8_width("\xC3\xA9t\xC3\xA9"), 3);
    CU_ASSERT_EQUAL(tci_utf8_width(NULL), 0);
}

/* snprintf cut back to a whole character when the text does not fit. */
static void test_utf8_format(void)
{
    char buf[8];
    /* "a中文" is 1 + 3 + 3 = 7 bytes: fits in 8. */
    CU_ASSERT_EQUAL(tci_utf8_format(buf, sizeof buf, "a%s", "\xE4\xB8\xAD\xE6\x96\x87"), 7);
    CU_ASSERT_STRING_EQUAL(buf, "a\xE4\xB8\xAD\xE6\x96\x87");
    /* "ab中文" is 8 bytes: snprintf keeps 7, "ab中" and one byte of 文; cut to 5. */
    CU_ASSERT_EQUAL(tci_utf8_format(buf, sizeof buf, "ab%s", "\xE4\xB8\xAD\xE6\x96\x87"), 8);
    CU_ASSERT_STRING_EQUAL(buf, "ab\xE4\xB8\xAD");
    /* Two bytes of room: one byte kept by snprintf, "\xE4", then cut to "". */
    CU_ASSERT_EQUAL(tci_utf8_format(buf, 2, "%s", "\xE4\xB8\xAD"), 3);
    CU_ASSERT_STRING_EQUAL(buf, "");
}

static int vformat(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = tci_vformat(buf, size, fmt, ap);
    va_end(ap);
    return n;
}

/* tci_vformat writes what vsnprintf writes and returns what it returns: the
 * conversions it writes by hand, the cut when the text does not fit, and the
 * others left to the C library. */
static void test_vformat(void)
{
    char buf[64];
    CU_ASSERT_EQUAL(vformat(buf, sizeof buf, "=IF(%s=0,%s,%s/%s)", "B5", "\"n/a\"", "C5", "B5"),
                    21);
    CU_ASSERT_STRING_EQUAL(buf, "=IF(B5=0,\"n/a\",C5/B5)");
    CU_ASSERT_EQUAL(vformat(buf, sizeof buf, "%d|%d|%zu|%lld|%%|%s", -42, 0, (size_t)7,
                            (long long)-9223372036854775807 - 1, (const char *)NULL),
                    37);
    CU_ASSERT_STRING_EQUAL(buf, "-42|0|7|-9223372036854775808|%|(null)");
    CU_ASSERT_EQUAL(vformat(buf, sizeof buf, "%zu", (size_t)18446744073709551615u), 20);
    CU_ASSERT_STRING_EQUAL(buf, "18446744073709551615");
    /* Four bytes of room: three characters and the terminator; the length
     * of the whole text is returned. */
    CU_ASSERT_EQUAL(vformat(buf, 4, "=%s+%s", "A1", "B22"), 7);
    CU_ASSERT_STRING_EQUAL(buf, "=A1");
    CU_ASSERT_EQUAL(vformat(buf, 4, "ab%d", 12345), 7);
    CU_ASSERT_STRING_EQUAL(buf, "ab1");
    CU_ASSERT_EQUAL(vformat(buf, 1, "%s", "xyz"), 3);
    CU_ASSERT_STRING_EQUAL(buf, "");
    CU_ASSERT_EQUAL(vformat(NULL, 0, "%s-%d", "xyz", 10), 6);
    /* Other conversions, flags and widths: the C library's, from the start. */
    CU_ASSERT_EQUAL(vformat(buf, sizeof buf, "%s=%.17g;%5d|%-3s|", "x", 0.1, 42, "a"), 32);
    CU_ASSERT_STRING_EQUAL(buf, "x=0.10000000000000001;   42|a  |");
    CU_ASSERT_EQUAL(vformat(buf, sizeof buf, "%s %.*s", "ab", 2, "cdef"), 5);
    CU_ASSERT_STRING_EQUAL(buf, "ab cd");
}

/* Case folding as Excel compares sheet names. */
static void test_utf8_fold(void)
{
    CU_ASSERT_EQUAL(tci_utf8_fold('A'), 'a');
    CU_ASSERT_EQUAL(tci_utf8_fold('a'), 'a');
    CU_ASSERT_EQUAL(tci_utf8_fold(0xDC), 0xFC);     /* Ü -> ü */
    CU_ASSERT_EQUAL(tci_utf8_fold(0xD7), 0xD7);     /* × is no letter */
    CU_ASSERT_EQUAL(tci_utf8_fold(0xDF), 0xDF);     /* ß has no simple upper case */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x178), 0xFF);    /* Ÿ -> ÿ */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x100), 0x101);   /* Ā -> ā */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x101), 0x101);   /* ā stays */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x139), 0x13A);   /* Ĺ -> ĺ (odd upper case) */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x13A), 0x13A);   /* ĺ stays */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x17D), 0x17E);   /* Ž -> ž */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x131), 0x131);   /* dotless ı: Turkish, left alone */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x17F), 's');     /* long s */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x3A3), 0x3C3);   /* Σ -> σ */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x3C2), 0x3C3);   /* final ς -> σ */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x38E), 0x3CD);   /* Ύ -> ύ */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x3A2), 0x3A2);   /* unassigned */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x401), 0x451);   /* Ё -> ё */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x42F), 0x44F);   /* Я -> я */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x490), 0x491);   /* Ґ -> ґ */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x4C0), 0x4CF);   /* Ӏ -> ӏ */
    CU_ASSERT_EQUAL(tci_utf8_fold(0xFF21), 0xFF41); /* Ａ -> ａ */
    CU_ASSERT_EQUAL(tci_utf8_fold(0x4E2D), 0x4E2D); /* 中 */
    /* Übersicht and üBERSICHT; ИТОГИ and итоги; ＳＵＭ and ｓｕｍ. */
    CU_ASSERT_EQUAL(tci_utf8_casecmp("\xC3\x9C"
                                     "bersicht",
                                     "\xC3\xBC"
                                     "BERSICHT"),
                    0);
    CU_ASSERT_EQUAL(tci_utf8_casecmp("\xD0\x98\xD0\xA2\xD0\x9E\xD0\x93\xD0\x98",
                                     "\xD0\xB8\xD1\x82\xD0\xBE\xD0\xB3\xD0\xB8"),
                    0);
    CU_ASSERT_EQUAL(tci_utf8_casecmp("\xEF\xBC\xB3\xEF\xBC\xB5\xEF\xBC\xAD",
                                     "\xEF\xBD\x93\xEF\xBD\x95\xEF\xBD\x8D"),
                    0);
    CU_ASSERT_NOT_EQUAL(tci_utf8_casecmp("Summary", "Summary (2)"), 0);
    CU_ASSERT_TRUE(tci_utf8_casecmp("a", "B") < 0);
    CU_ASSERT_TRUE(tci_utf8_casecmp("ab", "A") > 0);
    CU_ASSERT_EQUAL(tci_utf8_casecmp("", ""), 0);
}

/* ===== Text for a terminal ===== */

static void test_text_escape(void)
{
    /* ESC ] 0 ; BEL, DEL, U+009B (C2 9B), TAB, LF, a stray byte FF; CJK kept. */
    char *e = tco_text_escape("\x1B]0;\x07|\x7F|\xC2\x9B|\t\n|\xFF|\xE4\xB8\xAD");
    CU_ASSERT_STRING_EQUAL(e, "\\x1B]0;\\x07|\\x7F|\\u009B|\\x09\\x0A|\\xFF|\xE4\xB8\xAD");
    free(e);
    e = tco_text_escape(NULL);
    CU_ASSERT_STRING_EQUAL(e, "");
    free(e);
    /* Columns: "\x1B" 4, "中" 2, "\u0085" 6, "é" 1. */
    CU_ASSERT_EQUAL(tco_text_width("\x1B\xE4\xB8\xAD\xC2\x85\xC3\xA9"), 13);
    CU_ASSERT_EQUAL(tco_text_width(NULL), 0);

    FILE *f = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    /* Padded to 6 columns: "中x" is 3 columns, 3 spaces follow. */
    CU_ASSERT_EQUAL(tco_fput_text(f,
                                  "\xE4\xB8\xAD"
                                  "x",
                                  6, 0),
                    3);
    fputc('|', f);
    /* Right-aligned in 5: "\x1B" is 4 columns, 1 space first. */
    CU_ASSERT_EQUAL(tco_fput_text(f, "\x1B", -5, 0), 4);
    fputc('|', f);
    /* At most 5 columns: "ab" (2) then "\x1B" (4) would pass 5, so "ab" and 3 spaces. */
    CU_ASSERT_EQUAL(tco_fput_text(f,
                                  "ab\x1B"
                                  "cd",
                                  5, 5),
                    2);
    fputc('|', f);
    /* At most 3 columns: "中" (2), then "文" would make 4: stops, 1 space. */
    CU_ASSERT_EQUAL(tco_fput_text(f, "\xE4\xB8\xAD\xE6\x96\x87", 3, 3), 2);
    fputc('|', f);
    char *got = check_slurp(f);
    CU_ASSERT_STRING_EQUAL(got, "\xE4\xB8\xAD"
                                "x   | \\x1B|ab   |\xE4\xB8\xAD |");
    free(got);
    fclose(f);
}

/* Diagnostics: the file name and section are escaped as the message is. */
static void test_diag_escape(void)
{
    tco_diags *d = tco_diags_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    tco_diags_add(d, TCO_SEV_ERROR, "a\x1B[2J\nb.ini", 3, NULL, "bad '%s'", "x\ry");
    tco_diags_add(d, TCO_SEV_ERROR, "c.ini", 0, "option \xC2\x9B", "m");
    char buf[200];
    tco_diag_format(tco_diags_get(d, 0), buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "a\\x1B[2J\\x0Ab.ini:3: error: bad 'x\\x0Dy'");
    tco_diag_format(tco_diags_get(d, 1), buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "c.ini: [option \\u009B]: error: m");
    tco_diags_free(d);
}

/* ===== Numbers as text ===== */

static void test_group_thousands(void)
{
    char b[TCO_NUMTEXT_MAX];
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(b, sizeof b, 1234567.891, 2), "1,234,567.89");
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(b, sizeof b, -1234567.891, 0), "-1,234,568");
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(b, sizeof b, 999, 0), "999");
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(b, sizeof b, 1000, 0), "1,000");
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(b, sizeof b, 100000, 1), "100,000.0");
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(b, sizeof b, 0.0661, 4), "0.0661");
    /* -0.004 rounds to zero: no minus sign. */
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(b, sizeof b, -0.004, 2), "0.00");
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(b, sizeof b, NAN, 2), "n/a");
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(b, sizeof b, -INFINITY, 2), "n/a");
    /* 1e308 with separators: 309 digits, 102 commas. */
    tco_group_thousands(b, sizeof b, 1e308, 0);
    CU_ASSERT_EQUAL(strlen(b), 309 + 102);
    /* A buffer too small for the text is filled with '#', never overrun:
     * "1,234,567" needs 10 bytes, "1,234" 6. */
    char small[6];
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(small, sizeof small, 1234567, 0), "#####");
    CU_ASSERT_STRING_EQUAL(tco_group_thousands(small, sizeof small, 1234, 0), "1,234");
}

/* tco_parse_int on s: 1 when it reads want and stops `at` bytes into s. */
static int reads_int(const char *s, int want, size_t at)
{
    int v = 12345;
    const char *end = NULL;
    return tco_parse_int(s, &v, &end) == 1 && v == want && end == s + at;
}

/* tco_parse_int refuses s, leaving v and end. */
static int refuses_int(const char *s)
{
    int v = 12345;
    const char *end = NULL;
    return tco_parse_int(s, &v, &end) == 0 && v == 12345 && end == NULL;
}

static void test_parse_int(void)
{
    CU_ASSERT_TRUE(reads_int("42", 42, 2));
    CU_ASSERT_TRUE(reads_int("0", 0, 1));
    CU_ASSERT_TRUE(reads_int("007", 7, 3)); /* leading zeros: decimal, not octal */
    /* White space first (space, tab, newline), then a sign. */
    CU_ASSERT_TRUE(reads_int("  -7x", -7, 4));
    CU_ASSERT_TRUE(reads_int("\t\n+3", 3, 4));
    CU_ASSERT_TRUE(reads_int("-0", 0, 2));
    /* It stops after the digits: at the text after them, at a second number. */
    CU_ASSERT_TRUE(reads_int("12 34", 12, 2));
    CU_ASSERT_TRUE(reads_int("3, month", 3, 1));
    CU_ASSERT_TRUE(reads_int("1-2", 1, 1));
    CU_ASSERT_TRUE(reads_int("0x10", 0, 1)); /* no hexadecimal: 0, then "x10" */
    CU_ASSERT_TRUE(reads_int("1.5", 1, 1));
    /* The ends of an int: 2^31 - 1 and -2^31; one beyond each is refused, and
     * so is 2^32 + 1, not wrapped around to 1. */
    CU_ASSERT_TRUE(reads_int("2147483647", 2147483647, 10));
    CU_ASSERT_TRUE(reads_int("-2147483648", -2147483647 - 1, 11));
    CU_ASSERT_TRUE(refuses_int("2147483648"));
    CU_ASSERT_TRUE(refuses_int("-2147483649"));
    CU_ASSERT_TRUE(refuses_int("4294967297"));
    CU_ASSERT_TRUE(refuses_int("99999999999999999999"));
    /* No digit first: empty, white space alone, a sign alone or twice, a letter,
     * white space after the sign. */
    CU_ASSERT_TRUE(refuses_int(""));
    CU_ASSERT_TRUE(refuses_int("   "));
    CU_ASSERT_TRUE(refuses_int("-"));
    CU_ASSERT_TRUE(refuses_int("+-1"));
    CU_ASSERT_TRUE(refuses_int("x1"));
    CU_ASSERT_TRUE(refuses_int("- 1"));
    CU_ASSERT_TRUE(refuses_int(".5"));
    /* errno is kept, whether the number is read or beyond an int. */
    errno = EINTR;
    CU_ASSERT_TRUE(reads_int("5", 5, 1));
    CU_ASSERT_EQUAL(errno, EINTR);
    CU_ASSERT_TRUE(refuses_int("4294967297"));
    CU_ASSERT_EQUAL(errno, EINTR);
}

/* The digits of a whole part and the decimals of a step. */
static void test_digits(void)
{
    CU_ASSERT_EQUAL(tci_whole_digits(0.5), 1);
    CU_ASSERT_EQUAL(tci_whole_digits(-12345), 1);
    CU_ASSERT_EQUAL(tci_whole_digits(1), 1);
    CU_ASSERT_EQUAL(tci_whole_digits(9.99), 1);
    CU_ASSERT_EQUAL(tci_whole_digits(10), 2);
    CU_ASSERT_EQUAL(tci_whole_digits(1234567.8), 7);
    CU_ASSERT_EQUAL(tci_step_decimals(2), 0);
    CU_ASSERT_EQUAL(tci_step_decimals(1), 0);
    CU_ASSERT_EQUAL(tci_step_decimals(0.5), 1);
    CU_ASSERT_EQUAL(tci_step_decimals(0.1), 1);
    CU_ASSERT_EQUAL(tci_step_decimals(0.05), 2);
}

/* ===== Did you mean ===== */

static void test_edit_distance(void)
{
    CU_ASSERT_EQUAL(tci_edit_distance("pue", "pue", 3), 0);
    CU_ASSERT_EQUAL(tci_edit_distance("PUE", "pue", 3), 0); /* case is ignored */
    CU_ASSERT_EQUAL(tci_edit_distance("peu", "pue", 3), 1); /* one swap */
    CU_ASSERT_EQUAL(tci_edit_distance("pu", "pue", 3), 1);  /* one insertion */
    CU_ASSERT_EQUAL(tci_edit_distance("pxe", "pue", 3), 1); /* one substitution */
    CU_ASSERT_EQUAL(tci_edit_distance("h100", "a100", 3), 1);
    /* kitten -> sitting: k/s, e/i, +g = 3. */
    CU_ASSERT_EQUAL(tci_edit_distance("kitten", "sitting", 3), 3);
    CU_ASSERT_TRUE(tci_edit_distance("kitten", "sitting", 2) > 2);
    /* Lengths 3 and 9 differ by 6: above any limit below 6. */
    CU_ASSERT_TRUE(tci_edit_distance("gpu", "gpu_price", 3) > 3);
    /* Words over the length limit get no distance within any limit. */
    char longw[TCI_SUGGEST_MAX + 2];
    memset(longw, 'a', sizeof longw - 1);
    longw[sizeof longw - 1] = '\0';
    CU_ASSERT_TRUE(tci_edit_distance(longw, longw, 3) > 3);
}

static void test_suggest(void)
{
    static const char *const keys[] = {"gpu_price", "gpus_per_server", "tdp_w", NULL,
                                       "server_price"};
    tci_suggest s;
    /* "gpu_prise": 1 from gpu_price, far from the rest. */
    tci_suggest_init(&s, "gpu_prise", NULL);
    for (size_t i = 0; i < 5; i++)
        tci_suggest_consider(&s, keys[i]);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s.best);
    CU_ASSERT_STRING_EQUAL(s.best, "gpu_price");
    /* "tpd_w": one swap from tdp_w. */
    tci_suggest_init(&s, "tpd_w", NULL);
    for (size_t i = 0; i < 5; i++)
        tci_suggest_consider(&s, keys[i]);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s.best);
    CU_ASSERT_STRING_EQUAL(s.best, "tdp_w");
    /* Words of up to 3 characters take 1 edit at most: "xyz" matches nothing. */
    tci_suggest_init(&s, "xyz", NULL);
    for (size_t i = 0; i < 5; i++)
        tci_suggest_consider(&s, keys[i]);
    CU_ASSERT_PTR_NULL(s.best);
    /* Ties go to the first candidate; an exact match ends the search. */
    tci_suggest_init(&s, "abcd", NULL);
    CU_ASSERT_FALSE(tci_suggest_consider(&s, "abce"));
    CU_ASSERT_FALSE(tci_suggest_consider(&s, "abcf"));
    CU_ASSERT_STRING_EQUAL(s.best, "abce");
    CU_ASSERT_TRUE(tci_suggest_consider(&s, "ABCD"));
    CU_ASSERT_STRING_EQUAL(s.best, "ABCD");
}

/* tco_suggest, the tool's "did you mean": the same rule over a list (1 edit
 * up to 3 characters, 2 up to 6, 3 beyond), the first of equally close ones. */
static void test_suggest_public(void)
{
    static const char *const cmds[] = {"report", "validate", "catalog", "compare", "import"};
    CU_ASSERT_STRING_EQUAL(tco_suggest("repot", cmds, 5), "report");   /* 1 deletion */
    CU_ASSERT_STRING_EQUAL(tco_suggest("compre", cmds, 5), "compare"); /* 1 insertion */
    CU_ASSERT_STRING_EQUAL(tco_suggest("IMPROT", cmds, 5), "import");  /* a swap, case aside */
    CU_ASSERT_PTR_NULL(tco_suggest("xyzzy", cmds, 5));
    CU_ASSERT_PTR_NULL(tco_suggest(NULL, cmds, 5));
    CU_ASSERT_PTR_NULL(tco_suggest("report", cmds, 0));
    static const char *const opts[] = {"format", "fiscal-years", "strict", "output"};
    CU_ASSERT_STRING_EQUAL(tco_suggest("fromat", opts, 4), "format"); /* a swap */
    CU_ASSERT_STRING_EQUAL(tco_suggest("strcit", opts, 4), "strict");
    CU_ASSERT_PTR_NULL(tco_suggest("bogus", opts, 4)); /* 5 letters: 2 edits at most */
    static const char *const tie[] = {"abce", "abcf"};
    CU_ASSERT_STRING_EQUAL(tco_suggest("abcd", tie, 2), "abce");
}

/* The optimal string alignment distance by the textbook recurrence over the
 * whole table, ASCII case aside: what the banded one must agree with. */
static size_t osa_reference(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), d[16][16];
    for (size_t i = 0; i <= la; i++)
        for (size_t j = 0; j <= lb; j++) {
            if (i == 0 || j == 0) {
                d[i][j] = i + j;
                continue;
            }
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            size_t v = d[i - 1][j - 1] + (ca != cb);
            if (d[i - 1][j] + 1 < v)
                v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[la][lb];
}

/* The banded distance against the reference on every pair of a few
 * thousand short words over a small alphabet (so that they are close), for
 * every limit from 0 to 4: equal when within the limit, above it otherwise. */
static void test_edit_distance_band(void)
{
    unsigned long x = 12345;
    char words[400][12];
    for (size_t w = 0; w < 400; w++) {
        x = x * 6364136223846793005UL + 1442695040888963407UL;
        size_t len = (x >> 33) % 11;
        for (size_t i = 0; i < len; i++) {
            x = x * 6364136223846793005UL + 1442695040888963407UL;
            words[w][i] = "abcAB"[(x >> 33) % 5];
        }
        words[w][len] = '\0';
    }
    size_t bad = 0;
    for (size_t a = 0; a < 400; a++)
        for (size_t b = 0; b < 400; b += 7) {
            size_t want = osa_reference(words[a], words[b]);
            for (size_t limit = 0; limit <= 4; limit++) {
                size_t got = tci_edit_distance(words[a], words[b], limit);
                bad += want <= limit ? got != want : got <= limit;
            }
        }
    CU_ASSERT_EQUAL(bad, 0);
}

/* The budget: each candidate takes one; none is compared once it is spent,
 * and the search stops. */
static void test_suggest_budget(void)
{
    size_t budget = 2;
    tci_suggest s;
    tci_suggest_init(&s, "gpu_prise", &budget);
    CU_ASSERT_FALSE(tci_suggest_consider(&s, "tdp_w"));
    CU_ASSERT_FALSE(tci_suggest_consider(&s, "count"));
    CU_ASSERT_EQUAL(budget, 0);
    CU_ASSERT_TRUE(tci_suggest_consider(&s, "gpu_price")); /* not compared */
    CU_ASSERT_PTR_NULL(s.best);
    tci_suggest_init(&s, "gpu_prise", &budget);
    CU_ASSERT_TRUE(tci_suggest_consider(&s, "gpu_price"));
    CU_ASSERT_PTR_NULL(s.best);
}

/* A word with characters one cannot see is compared without them: "tdp" with
 * a zero-width space is 3 bytes from "tdp" as written, more than the 2 edits
 * a 6-byte word may take, but it is "tdp" to the eye. */
static void test_suggest_invisible(void)
{
    tci_suggest s;
    tci_suggest_init(&s, "tdp\xE2\x80\x8B", NULL);
    CU_ASSERT_TRUE(tci_suggest_consider(&s, "tdp"));
    CU_ASSERT_PTR_NOT_NULL_FATAL(s.best);
    CU_ASSERT_STRING_EQUAL(s.best, "tdp");
    tci_suggest_init(&s,
                     "\xC2\xA0"
                     "acquire\xC2\xAD",
                     NULL);
    CU_ASSERT_TRUE(tci_suggest_consider(&s, "acquire"));
    CU_ASSERT_STRING_EQUAL(tci_invisible_name(0x00A0), "NO-BREAK SPACE");
    CU_ASSERT_STRING_EQUAL(tci_invisible_name(0x200B), "ZERO WIDTH SPACE");
    CU_ASSERT_STRING_EQUAL(tci_invisible_name(0xFEFF), "ZERO WIDTH NO-BREAK SPACE");
    CU_ASSERT_STRING_EQUAL(tci_invisible_name(0x3000), "IDEOGRAPHIC SPACE");
    CU_ASSERT_PTR_NULL(tci_invisible_name(' '));
    CU_ASSERT_PTR_NULL(tci_invisible_name(0x00E9)); /* e acute: seen */
}

/* ===== Dates ===== */

static void test_dates(void)
{
    CU_ASSERT_TRUE(tci_date_valid("2026-01-15"));
    CU_ASSERT_TRUE(tci_date_valid("2024-02-29"));  /* leap year */
    CU_ASSERT_TRUE(tci_date_valid("2000-02-29"));  /* divisible by 400 */
    CU_ASSERT_FALSE(tci_date_valid("2100-02-29")); /* divisible by 100 only */
    CU_ASSERT_FALSE(tci_date_valid("2026-04-31"));
    /* What is wrong, for the message: the form, the year, the month, the day
     * (April has 30 days; February 2024 29, February 2100 28). */
    char why[64];
    CU_ASSERT_PTR_NULL(tci_date_problem("2024-02-29", why, sizeof why));
    CU_ASSERT_STRING_EQUAL(tci_date_problem("2026/04/01", why, sizeof why), "write YYYY-MM-DD");
    CU_ASSERT_STRING_EQUAL(tci_date_problem("2026-04-01 ", why, sizeof why), "write YYYY-MM-DD");
    CU_ASSERT_STRING_EQUAL(tci_date_problem("1969-12-31", why, sizeof why),
                           "the year must be from 1970 to 9999");
    CU_ASSERT_STRING_EQUAL(tci_date_problem("2026-00-10", why, sizeof why),
                           "the month must be from 01 to 12");
    CU_ASSERT_STRING_EQUAL(tci_date_problem("2026-04-31", why, sizeof why),
                           "the day must be from 01 to 30 in 2026-04");
    CU_ASSERT_STRING_EQUAL(tci_date_problem("2024-02-30", why, sizeof why),
                           "the day must be from 01 to 29 in 2024-02");
    CU_ASSERT_STRING_EQUAL(tci_date_problem("2100-02-29", why, sizeof why),
                           "the day must be from 01 to 28 in 2100-02");
    CU_ASSERT_FALSE(tci_date_valid("2026-13-01"));
    CU_ASSERT_FALSE(tci_date_valid("2026-00-10"));
    CU_ASSERT_FALSE(tci_date_valid("2026-1-15"));
    CU_ASSERT_FALSE(tci_date_valid("2026-01-15x"));
    CU_ASSERT_TRUE(tci_date_valid("1970-01-01"));
    CU_ASSERT_FALSE(tci_date_valid("1969-12-31"));
    CU_ASSERT_FALSE(tci_date_valid("0001-01-01"));
    /* 1970-01-01 is day 0; 2000-01-01 is 30 years with 7 leap days: 10957;
     * 2000-03-01 is 31 + 29 days later: 11017. */
    CU_ASSERT_EQUAL(tci_days_from_civil(1970, 1, 1), 0);
    CU_ASSERT_EQUAL(tci_days_from_civil(2000, 1, 1), 10957);
    CU_ASSERT_EQUAL(tci_days_from_civil(2000, 3, 1), 11017);
    CU_ASSERT_EQUAL(tci_days_from_civil(1969, 12, 31), -1);
    /* Whole months: 2025-06-15 to 2026-01-14 is 6 (the 15th is not reached). */
    CU_ASSERT_EQUAL(tco_months_between("2025-06-15", "2026-01-14"), 6);
    CU_ASSERT_EQUAL(tco_months_between("2025-06-15", "2026-01-15"), 7);
    CU_ASSERT_EQUAL(tco_months_between("2026-01-15", "2026-01-15"), 0);
    CU_ASSERT_EQUAL(tco_months_between("2026-01-15", "2025-01-15"), -12);
    CU_ASSERT_EQUAL(tco_months_between("2026-02-30", "2026-03-01"), -1);
    CU_ASSERT_EQUAL(tco_months_between(NULL, "2026-03-01"), -1);
}

/* tci_month_read on s: 1 when it reads y and m. */
static int reads_month(const char *s, int y, int m)
{
    int gy = -1, gm = -1;
    return tci_month_read(s, &gy, &gm) == 1 && gy == y && gm == m;
}

/* tci_month_read refuses s, leaving y and m. */
static int refuses_month(const char *s)
{
    int y = -1, m = -1;
    return tci_month_read(s, &y, &m) == 0 && y == -1 && m == -1;
}

static void test_months(void)
{
    CU_ASSERT_TRUE(reads_month("2027-05", 2027, 5));
    CU_ASSERT_TRUE(reads_month("1900-12", 1900, 12));
    CU_ASSERT_TRUE(reads_month("9999-01", 9999, 1));
    /* The numbers unchecked: the loader says which is wrong. */
    CU_ASSERT_TRUE(reads_month("0000-00", 0, 0));
    CU_ASSERT_TRUE(reads_month("1899-13", 1899, 13));
    CU_ASSERT_TRUE(reads_month("2027-99", 2027, 99));
    /* Exactly four digits, a hyphen and two digits: not one digit of month,
     * nor a day, white space, a sign, another separator, five digits of year. */
    CU_ASSERT_TRUE(refuses_month(""));
    CU_ASSERT_TRUE(refuses_month("2027"));
    CU_ASSERT_TRUE(refuses_month("2027-"));
    CU_ASSERT_TRUE(refuses_month("2027-5"));
    CU_ASSERT_TRUE(refuses_month("2027-05-01"));
    CU_ASSERT_TRUE(refuses_month("2027-05 "));
    CU_ASSERT_TRUE(refuses_month(" 2027-05"));
    CU_ASSERT_TRUE(refuses_month("+202-05"));
    CU_ASSERT_TRUE(refuses_month("2027--5"));
    CU_ASSERT_TRUE(refuses_month("2027-+5"));
    CU_ASSERT_TRUE(refuses_month("2027/05"));
    CU_ASSERT_TRUE(refuses_month("20270-05"));
    CU_ASSERT_TRUE(refuses_month("2027-0x"));
    /* Model month m's calendar month: 2027-05 is 2027 * 12 + 4 = 24,328 at
     * month 1; month 0 is April (24,327); month 9 is January 2028 (24,336). */
    CU_ASSERT_EQUAL(tci_month_index("2027-05", 1), 24328);
    CU_ASSERT_EQUAL(tci_month_index("2027-05", 0), 24327);
    CU_ASSERT_EQUAL(tci_month_index("2027-05", 9), 2028 * 12);
    CU_ASSERT_EQUAL(tci_month_index("2027-12", 120), 2037 * 12 + 10);
    CU_ASSERT_EQUAL(tci_month_index("bad", 1), 0); /* January of year 0 */
}

/* The ISO 4217 table: current codes (those the shipped scenarios, catalogs and
 * templates use among them), withdrawn ones, and what other names mean. */
static void test_currency(void)
{
    static const char *const known[] = {"USD", "EUR", "CNY", "GBP", "JPY", "CHF", "INR",
                                        "KRW", "SGD", "AED", "ZWG", "SLE", NULL};
    for (size_t i = 0; known[i]; i++) {
        CU_ASSERT(tci_currency_known(known[i]));
        CU_ASSERT_PTR_NULL(tci_currency_suggest(known[i]));
    }
    static const char *const unknown[] = {"RMB", "usd", "XYZ",  "HRK", "ZWL", "XXX",
                                          "XAU", "US",  "USDD", "",    NULL};
    for (size_t i = 0; unknown[i]; i++)
        CU_ASSERT(!tci_currency_known(unknown[i]));
    static const struct {
        const char *text, *code;
    } meant[] = {{"RMB", "CNY"}, {"rmb", "CNY"}, {"usd", "USD"},          {"EURO", "EUR"},
                 {"Yen", "JPY"}, {"NTD", "TWD"}, {"\xE2\x82\xAC", "EUR"}, {"\xC2\xA3", "GBP"}};
    for (size_t i = 0; i < sizeof meant / sizeof meant[0]; i++) {
        const char *got = tci_currency_suggest(meant[i].text);
        CU_ASSERT_PTR_NOT_NULL_FATAL(got);
        CU_ASSERT_STRING_EQUAL(got, meant[i].code);
    }
    CU_ASSERT_PTR_NULL(tci_currency_suggest("XYZ"));
    CU_ASSERT_PTR_NULL(tci_currency_suggest("$"));
    CU_ASSERT_PTR_NULL(tci_currency_suggest(NULL));
}

/* ===== Percentiles ===== */

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The sorting route: sort, then PERCENTILE.INC's interpolation. */
static double sorted_percentile(const double *x, size_t n, double p)
{
    double h = (double)(n - 1) * p;
    size_t lo = (size_t)floor(h);
    return lo + 1 >= n ? x[n - 1] : x[lo] + (h - (double)lo) * (x[lo + 1] - x[lo]);
}

/* Selection against sorting on v (n values), bit for bit, for p. */
static void same_as_sorting(const double *v, size_t n, const double *p, size_t np)
{
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), got[8];
    CU_ASSERT_FATAL(a && b && np <= 8);
    memcpy(a, v, n * sizeof *a);
    memcpy(b, v, n * sizeof *b);
    qsort(b, n, sizeof *b, by_value);
    tci_percentiles(a, n, p, got, np);
    for (size_t q = 0; q < np; q++)
        CU_ASSERT_EQUAL(memcmp(&got[q], &(double){sorted_percentile(b, n, p[q])}, sizeof(double)),
                        0);
    /* The values are kept, reordered. */
    qsort(a, n, sizeof *a, by_value);
    CU_ASSERT_EQUAL(memcmp(a, b, n * sizeof *a), 0);
    free(a);
    free(b);
}

/* Through windows, one for each p, placed together by the first `pilot` of v's
 * n values, margin wide, every value added: sorting's percentile whenever the
 * window holds its ranks, which it must when `must`. */
static void windows_as_sorting(const double *v, size_t n, size_t pilot, double margin,
                               const double *p, size_t np, int must)
{
    double *a = malloc(pilot * sizeof *a), *b = malloc(n * sizeof *b);
    tci_window w[8];
    CU_ASSERT_FATAL(a && b && np <= 8);
    memcpy(b, v, n * sizeof *b);
    qsort(b, n, sizeof *b, by_value);
    memcpy(a, v, pilot * sizeof *a);
    tci_windows_place(w, np, a, pilot, p, margin);
    for (size_t q = 0; q < np; q++) {
        for (size_t i = 0; i < n; i++)
            CU_ASSERT_FATAL(tci_window_add(&w[q], v[i]));
        double got;
        int ok = tci_window_percentile(&w[q], n, p[q], &got);
        if (must)
            CU_ASSERT(ok);
        if (ok)
            CU_ASSERT_EQUAL(memcmp(&got, &(double){sorted_percentile(b, n, p[q])}, sizeof(double)),
                            0);
        tci_window_free(&w[q]);
    }
    free(a);
    free(b);
}

/* Worked by hand: 1..10 shuffled, p = 0.1: h = 0.9, 1 + 0.9 * 1 = 1.9; p = 0.5:
 * h = 4.5, 5.5; p = 0.9: h = 8.1, 9.1; p = 0 and 1: 1 and 10. One value: it,
 * at every p. Then 100,001 samples of a skewed, tied distribution, and sorted,
 * reversed and constant input, against sorting. */
static void test_percentiles(void)
{
    double ten[10] = {7, 3, 10, 1, 9, 2, 8, 5, 4, 6}, got[5];
    static const double p5[5] = {0, 0.1, 0.5, 0.9, 1};
    tci_percentiles(ten, 10, p5, got, 5);
    CU_ASSERT_DOUBLE_EQUAL(got[0], 1, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(got[1], 1.9, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(got[2], 5.5, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(got[3], 9.1, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(got[4], 10, 1e-12);
    double one[1] = {42};
    tci_percentiles(one, 1, p5, got, 5);
    for (int q = 0; q < 5; q++)
        CU_ASSERT_EQUAL(got[q], 42);

    enum { N = 100001 };
    double *v = malloc(N * sizeof *v);
    CU_ASSERT_FATAL(v != NULL);
    static const double p3[3] = {0.1, 0.5, 0.9}, p7[7] = {0, 0.1, 0.25, 0.5, 0.75, 0.9, 1};
    uint64_t x = 88172645463325252u;
    for (size_t i = 0; i < N; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
        double u = (double)(x >> 11) / 9007199254740992.0;
        v[i] = floor(1000 * u * u * u) + u; /* skewed, with near ties */
        if (i % 10 == 0)
            v[i] = 500; /* exact ties */
    }
    same_as_sorting(v, N, p3, 3);
    same_as_sorting(v, N, p7, 7);
    windows_as_sorting(v, N, 1000, 8, p7, 7, 1);
    windows_as_sorting(v, N, 1000, 0, p7, 7, 0);
    windows_as_sorting(v, N, N, 1, p7, 7, 1);
    /* Short runs of every length up to 64, many orders each. */
    for (size_t n = 2; n <= 64; n++)
        for (size_t t = 0; t + n <= 4000; t += 97)
            same_as_sorting(v + t, n, p7, 7);
    same_as_sorting(v, 2, p7, 7);
    same_as_sorting(v, 3, p3, 3);
    for (size_t i = 0; i < N; i++)
        v[i] = (double)i;
    same_as_sorting(v, N, p7, 7);
    for (size_t i = 0; i < N; i++)
        v[i] = (double)(N - i);
    same_as_sorting(v, N, p7, 7);
    for (size_t i = 0; i < N; i++)
        v[i] = 3.25;
    same_as_sorting(v, N, p7, 7);
    windows_as_sorting(v, N, 1000, 0, p7, 7, 1);
    free(v);
}

/* A window by hand over 21 values, 7 each of 1, 2 and 3: from 1 to 3 it counts
 * none below, 7 at 1, the 2s inside and 7 at 3. p = 0.3125: h = 6.25,
 * ranks 6 (a 1) and 7 (a 2): 1.25; p = 0.6875: h = 13.75, ranks 13 (a 2) and 14
 * (a 3): 2.75; p = 1: 3. A window from 2 to 2 holds ranks 7..13 only: p = 0.5
 * (ranks 10 and 11) is 2, p = 0.3125 lies outside. */
static void test_percentile_window_by_hand(void)
{
    double v[21];
    for (int i = 0; i < 21; i++)
        v[i] = i % 3 + 1;
    tci_window w = {.a = 1, .b = 3}, w2 = {.a = 2, .b = 2};
    for (int i = 0; i < 21; i++)
        CU_ASSERT_FATAL(tci_window_add(&w, v[i]) && tci_window_add(&w2, v[i]));
    CU_ASSERT_EQUAL(w.below, 0);
    CU_ASSERT_EQUAL(w.at_a, 7);
    CU_ASSERT_EQUAL(w.n_in, 7);
    CU_ASSERT_EQUAL(w.at_b, 7);
    double got;
    CU_ASSERT(tci_window_percentile(&w, 21, 0.3125, &got) && got == 1.25);
    CU_ASSERT(tci_window_percentile(&w, 21, 0.6875, &got) && got == 2.75);
    CU_ASSERT(tci_window_percentile(&w, 21, 1, &got) && got == 3);
    CU_ASSERT(tci_window_percentile(&w, 21, 0, &got) && got == 1);
    CU_ASSERT(tci_window_percentile(&w2, 21, 0.5, &got) && got == 2);
    CU_ASSERT_FALSE(tci_window_percentile(&w2, 21, 0.3125, &got));
    CU_ASSERT_FALSE(tci_window_percentile(&w2, 21, 1, &got));
    /* From 1 to 2: ranks 0..13; p = 0.6875 needs rank 14, a 3. */
    tci_window w3 = {.a = 1, .b = 2};
    for (int i = 0; i < 21; i++)
        CU_ASSERT_FATAL(tci_window_add(&w3, v[i]));
    CU_ASSERT(tci_window_percentile(&w3, 21, 0.3125, &got) && got == 1.25);
    CU_ASSERT_FALSE(tci_window_percentile(&w3, 21, 0.6875, &got));
    tci_window_free(&w3);
    tci_window_free(&w);
    tci_window_free(&w2);
}

/* ===== The shortest text of a double ===== */

/* The hard cases, each expected text worked out by hand: the fewest digits
 * that read back, laid out as ECMAScript's Number::toString (JSON.stringify)
 * does (plain for 1e-7 <= |x| < 1e21). */
static void test_format_double_cases(void)
{
    static const struct {
        double x;
        const char *want;
    } cases[] = {
        {0.7, "0.7"},                       /* %.17g wrote 0.69999999999999996 */
        {0.1, "0.1"},                       /* 0.1000000000000000055511151231257827 */
        {0.1 + 0.2, "0.30000000000000004"}, /* 0.3 reads as the double below it */
        {0.3, "0.3"},
        {5e-324, "5e-324"}, /* the least subnormal, 4.94e-324: one digit reads back */
        {2.2250738585072014e-308, "2.2250738585072014e-308"}, /* DBL_MIN */
        {1.7976931348623157e+308, "1.7976931348623157e+308"}, /* DBL_MAX */
        {9007199254740993.0, "9007199254740992"},             /* 2^53 + 1 is no double: 2^53 */
        {100, "100"},
        {1e21, "1e+21"}, /* 22 digits before a point: the exponent form */
        {1e20, "100000000000000000000"},
        {123456789012345680.0, "123456789012345680"}, /* 18 digits, 17 significant */
        {0.000001, "0.000001"},
        {1e-7, "1e-7"}, /* below 1e-6 the exponent form */
        {1.5e-7, "1.5e-7"},
        {-0.0, "0"},
        {0.0, "0"},
        {-2.5, "-2.5"},
        {438006, "438006"},
        {2.99, "2.99"},
        {2.990000000000001, "2.990000000000001"},
        {1.0 / 3, "0.3333333333333333"}, /* 16 digits */
        {2.0 / 3, "0.6666666666666666"}, /* 16 digits */
        {5e-7, "5e-7"},
        {1e300, "1e+300"},
        {-1e-300, "-1e-300"},
        {DBL_EPSILON, "2.220446049250313e-16"},
        {9007199254740992.0 * 2, "18014398509481984"},
        {4.35, "4.35"},
        {0.07, "0.07"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[32];
        tco_format_double(buf, sizeof buf, cases[i].x);
        if (strcmp(buf, cases[i].want) != 0)
            fprintf(stderr, "case %zu: '%s', expected '%s'\n", i, buf, cases[i].want);
        CU_ASSERT_STRING_EQUAL(buf, cases[i].want);
    }
    char buf[32];
    CU_ASSERT_STRING_EQUAL(tco_format_double(buf, sizeof buf, NAN), "nan");
    CU_ASSERT_STRING_EQUAL(tco_format_double(buf, sizeof buf, -INFINITY), "-inf");
}

/* The significant digits of a number's text: those of its mantissa, leading
 * zeros and the exponent left out, trailing zeros of a whole number too. */
static int sig_digits(const char *t)
{
    int n = 0, lead = 1, zeros = 0;
    for (const char *c = t; *c && *c != 'e'; c++) {
        if (*c < '0' || *c > '9')
            continue;
        if (lead && *c == '0')
            continue;
        lead = 0;
        n++;
        zeros = *c == '0' ? zeros + 1 : 0;
    }
    return n - zeros;
}

/* 1 when a decimal of `digits` significant digits reads back as x (x > 0,
 * finite), by a route of its own: the decimals that read back as x are those
 * between the midpoints to its neighbours, which a long double holds exactly;
 * printf rounding upward from the lower midpoint and downward from the upper
 * gives the digits-digit decimals nearest inside, each checked with strtod. */
static int shorter_reads_back(double x, int digits)
{
    long double lo = ((long double)x + nextafter(x, 0)) / 2;
    long double hi = ((long double)x + nextafter(x, INFINITY)) / 2;
    char up[64], down[64];
    int mode = fegetround();
    fesetround(FE_UPWARD);
    snprintf(up, sizeof up, "%.*Le", digits - 1, lo);
    fesetround(FE_DOWNWARD);
    snprintf(down, sizeof down, "%.*Le", digits - 1, hi);
    fesetround(mode);
    return strtod(up, NULL) == x || strtod(down, NULL) == x;
}

/* A 64-bit xorshift: the same numbers on every run. */
static unsigned long long next_random(unsigned long long *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* One number written and read back: the same bits (0 for -0), and no decimal
 * of fewer digits reads back. Returns 1 when both hold. */
static int round_trips(double x)
{
    char buf[32];
    tco_format_double(buf, sizeof buf, x);
    double y = strtod(buf, NULL);
    double want = x == 0 ? 0.0 : x;
    if (memcmp(&y, &want, sizeof y) != 0 || strlen(buf) > 25 || strpbrk(buf, ",inan")) {
        fprintf(stderr, "%.17g: '%s' reads back as %.17g\n", x, buf, y);
        return 0;
    }
    int n = sig_digits(buf);
    if (x != 0 && n > 1 && shorter_reads_back(fabs(x), n - 1)) {
        fprintf(stderr, "%.17g: '%s' has %d digits; %d read back\n", x, buf, n, n - 1);
        return 0;
    }
    return 1;
}

/* 1,000,000 random doubles: 600,000 of random bits (every finite one: any
 * exponent, subnormals included), 400,000 amounts of money (cents and
 * fractions of a cent up to 10^9, either sign) and rates; and every power of
 * two with its neighbours. */
static void test_format_double_random(void)
{
    /* The check of shorter decimals itself: 0.7 has a 1-digit one, 17 digits of
     * 0.1 + 0.2 are needed (0.3000000000000000 reads as 0.3). */
    CU_ASSERT_TRUE(shorter_reads_back(0.7, 1));
    CU_ASSERT_TRUE(shorter_reads_back(1e21, 1));
    CU_ASSERT_FALSE(shorter_reads_back(0.1 + 0.2, 16));
    CU_ASSERT_FALSE(shorter_reads_back(DBL_MAX, 16));
    unsigned long long s = 0x9E3779B97F4A7C15ULL;
    long bad = 0, n = 0;
    while (n < 600000) {
        unsigned long long bits = next_random(&s);
        double x;
        memcpy(&x, &bits, sizeof x);
        if (!isfinite(x))
            continue;
        bad += !round_trips(x);
        n++;
    }
    /* Every power of two, 2^-1074 to 2^1023, and its neighbours: where the gap
     * to the double below is half that above. */
    for (int k = -1074; k <= 1023; k++) {
        double x = ldexp(1, k);
        bad +=
            !round_trips(x) + !round_trips(nextafter(x, 0)) + !round_trips(nextafter(x, INFINITY));
    }
    for (long i = 0; i < 400000; i++) {
        unsigned long long r = next_random(&s);
        double scale[] = {100, 10000, 1, 1e6};
        double x = (double)(r % 100000000000ULL) / scale[i % 4];
        if (r & (1ULL << 63))
            x = -x;
        bad += !round_trips(x);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* ===== Order by value ===== */

static int order_cmp(const void *x, const void *y)
{
    const tci_ranked *a = x, *b = y;
    if (a->value != b->value)
        return a->value < b->value ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

static void test_order_by_value(void)
{
    /* By hand: -0 and +0 are equal, so index 4 before 5; then the two 1s by
     * index (1, 3), then 2 (index 2), then 3 (index 0). */
    tci_ranked v[6] = {{3, 0}, {1, 1}, {2, 2}, {1, 3}, {-0.0, 4}, {0.0, 5}}, tmp[6];
    const size_t want[6] = {4, 5, 1, 3, 2, 0};
    tci_order_by_value(v, tmp, 6);
    for (int i = 0; i < 6; i++)
        CU_ASSERT_EQUAL(v[i].index, want[i]);
    tci_order_by_value(v, tmp, 0); /* nothing to order */
    /* Every length up to 300 (runs of 16 and their merges, odd tails), few
     * distinct values so that ties are many, infinities among them: the
     * order qsort gives with the same comparison. */
    static tci_ranked a[300], b[300], t[300];
    unsigned seed = 12345;
    for (size_t n = 1; n <= 300; n++) {
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 9;
            double x = r == 0 ? INFINITY : r == 1 ? -INFINITY : r == 2 ? -0.0 : (double)r - 5;
            a[i] = b[i] = (tci_ranked){x, (i * 7919) % 1009 + 1009 * (i / 1009)};
        }
        tci_order_by_value(a, t, n);
        qsort(b, n, sizeof *b, order_cmp);
        int same = 1;
        for (size_t i = 0; i < n; i++)
            same &= a[i].index == b[i].index &&
                    memcmp(&a[i].value, &b[i].value, sizeof a[i].value) == 0;
        CU_ASSERT_TRUE(same);
        if (!same)
            printf("order_by_value: differs from qsort at n = %zu\n", n);
    }
}

int main(void)
{
    static const check_case cases[] = {
        {"utf8_decode", test_utf8_decode},
        {"utf8_strings", test_utf8_strings},
        {"utf8_format", test_utf8_format},
        {"vformat", test_vformat},
        {"utf8_fold", test_utf8_fold},
        {"text_escape", test_text_escape},
        {"diag_escape", test_diag_escape},
        {"group_thousands", test_group_thousands},
        {"parse_int", test_parse_int},
        {"digits", test_digits},
        {"edit_distance", test_edit_distance},
        {"suggest", test_suggest},
        {"suggest_public", test_suggest_public},
        {"edit_distance_band", test_edit_distance_band},
        {"suggest_budget", test_suggest_budget},
        {"suggest_invisible", test_suggest_invisible},
        {"dates", test_dates},
        {"months", test_months},
        {"currency", test_currency},
        {"percentiles", test_percentiles},
        {"a percentile's window by hand", test_percentile_window_by_hand},
        {"order_by_value", test_order_by_value},
        {"format_double: hard cases by hand", test_format_double_cases},
        {"format_double: 1,000,000 round trips", test_format_double_random},
        {NULL, NULL},
    };
    return check_run("util", cases);
}
