/* suggest.h - "did you mean": the library's one edit distance and the one rule
 * for how close a suggestion must be. The INI loader suggests keys, sections
 * and option ids; the catalog loader suggests GPU ids. */
#ifndef TCO_UTIL_SUGGEST_H
#define TCO_UTIL_SUGGEST_H

#include <stddef.h>

/* Longest word compared; longer words get no suggestion. */
#define TCI_SUGGEST_MAX 64

/* The edit distance of a and b, ignoring ASCII case: insertions, deletions,
 * substitutions and swaps of two neighbouring letters each count one (the
 * optimal string alignment distance), when it is at most `limit`; otherwise
 * any value above `limit`. Stops as soon as no alignment can stay within the
 * limit, so that many unknown words stay cheap. */
size_t tci_edit_distance(const char *a, const char *b, size_t limit);

/* The search for the closest candidate to one unknown word. */
typedef struct tci_suggest {
    const char *word; /* the unknown word (borrowed) */
    const char *best; /* the closest candidate so far, or NULL */
    size_t dist;      /* a candidate must be closer than this: best's distance,
                         or one more than the limit */
} tci_suggest;

/* Start a search for `word`: within 1 edit for words of up to 3 characters,
 * 2 up to 6, 3 beyond. */
void tci_suggest_init(tci_suggest *s, const char *word);

/* Consider one candidate (NULL is skipped): it becomes s->best when it is
 * closer than every earlier one. Returns 1 when it is an exact match (case
 * aside), after which no candidate can be closer. */
int tci_suggest_consider(tci_suggest *s, const char *cand);

#endif /* TCO_UTIL_SUGGEST_H */
