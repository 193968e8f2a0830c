/* suggest.h - "did you mean": the library's one edit distance, the one rule
 * for how close a suggestion must be, and the characters that make a word
 * look like another one (no-break and zero-width spaces and the like). The
 * INI loader suggests keys, sections and option ids; the catalog loader
 * suggests GPU ids. */
#ifndef TCO_UTIL_SUGGEST_H
#define TCO_UTIL_SUGGEST_H

#include <stddef.h>
#include <stdint.h>

/* Longest word compared; longer words get no suggestion. */
#define TCI_SUGGEST_MAX 64

/* Candidates one load of a scenario may compare, all searches together:
 * after that, unknown words are still errors, but without a suggestion, so
 * that a file of many unknown words among many candidates stays fast. */
#define TCI_SUGGEST_BUDGET 50000

/* The edit distance of a and b, ignoring ASCII case: insertions, deletions,
 * substitutions and swaps of two neighbouring letters each count one (the
 * optimal string alignment distance), when it is at most `limit`; otherwise
 * any value above `limit`. Only the cells within `limit` of the diagonal are
 * computed, and it stops as soon as no alignment can stay within the limit,
 * so that many unknown words stay cheap. */
size_t tci_edit_distance(const char *a, const char *b, size_t limit);

/* The search for the closest candidate to one unknown word. */
typedef struct tci_suggest {
    const char *word;                /* the word compared: the unknown word, or clean */
    char clean[TCI_SUGGEST_MAX + 1]; /* the unknown word without invisible characters */
    const char *best;                /* the closest candidate so far, or NULL */
    size_t dist;                     /* a candidate must be closer than this: best's
                                        distance, or one more than the limit */
    size_t *budget;                  /* candidates left to compare, or NULL: no limit */
} tci_suggest;

/* Start a search for `word` (borrowed), compared without the characters that
 * tci_invisible_name names: within 1 edit for words of up to 3 characters,
 * 2 up to 6, 3 beyond. Each candidate considered takes one from *budget
 * (when budget is not NULL); none is compared once it is 0. */
void tci_suggest_init(tci_suggest *s, const char *word, size_t *budget);

/* Consider one candidate (NULL is skipped): it becomes s->best when it is
 * closer than every earlier one. Returns 1 when it is an exact match (case
 * aside), after which no candidate can be closer, or when the budget is
 * spent. */
int tci_suggest_consider(tci_suggest *s, const char *cand);

/* The Unicode name of code point cp when it is a character that cannot be
 * seen or looks like a plain space, and has no place in a key, a section
 * name or an id: U+00A0 NO-BREAK SPACE, U+00AD SOFT HYPHEN, the spaces
 * U+2000..U+200A, U+202F, U+205F, U+3000, the zero-width and joining
 * characters U+200B..U+200D, U+2060, U+FEFF, the direction marks and
 * embeddings; else NULL. */
const char *tci_invisible_name(uint32_t cp);

/* The message m (malloc'd) with every character tci_invisible_name names
 * written \uXXXX, and named at the end: "unknown key 'count\u00A0' ...
 * (\u00A0 stands for U+00A0 NO-BREAK SPACE)". Takes m; returns it, or its new
 * form, or NULL (m freed) when out of memory. Every loader's messages go
 * through it. */
char *tci_name_invisible(char *m);

#endif /* TCO_UTIL_SUGGEST_H */
