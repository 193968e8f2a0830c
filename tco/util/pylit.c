/* pylit.c - the strict Python-literal reader of pylit.h: a recursive descent
 * over the text, bounded in depth, that evaluates nothing. */
#include "util/pylit.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The reader's state. */
typedef struct pl {
    const char *p;     /* the next byte */
    const char *outer; /* the key whose dict value is searched */
    const char *inner; /* the key searched in it */
    int found;         /* 1 once the number is found */
    double value;      /* the number found */
} pl;

static void skip_space(pl *s)
{
    while (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')
        s->p++;
}

/* A quoted string: 1 when it equals `want` (NULL: compare with nothing), 0
 * when it does not, -1 when it is not a valid string. */
static int string(pl *s, const char *want)
{
    char q = *s->p++;
    int same = want != NULL;
    const char *w = want;
    for (;;) {
        char c = *s->p++;
        if (c == '\0' || c == '\n' || c == '\r')
            return -1;
        if (c == q)
            break;
        if (c == '\\') {
            c = *s->p++;
            if (c != '\\' && c != '\'' && c != '"')
                return -1;
        }
        if (same) {
            if (*w == c)
                w++;
            else
                same = 0;
        }
    }
    return same && *w == '\0';
}

/* A decimal number: 0 with it in *v, -1 when there is none. */
static int number(pl *s, double *v)
{
    const char *q = s->p;
    if (*q == '-' || *q == '+')
        q++;
    if (!isdigit((unsigned char)*q))
        return -1;
    while (isdigit((unsigned char)*q))
        q++;
    if (*q == '.') {
        q++;
        while (isdigit((unsigned char)*q))
            q++;
    }
    if (*q == 'e' || *q == 'E') {
        q++;
        if (*q == '-' || *q == '+')
            q++;
        if (!isdigit((unsigned char)*q))
            return -1;
        while (isdigit((unsigned char)*q))
            q++;
    }
    char *end = NULL;
    errno = 0;
    *v = strtod(s->p, &end);
    if (end != q || errno == ERANGE || !isfinite(*v))
        return -1;
    s->p = q;
    return 0;
}

static int value(pl *s, int depth, int in_outer, int is_inner);

/* A dict; `in_outer`: it is the value of the key `outer`. 0, or -1. */
static int dict(pl *s, int depth, int in_outer)
{
    s->p++;
    skip_space(s);
    if (*s->p == '}') {
        s->p++;
        return 0;
    }
    for (;;) {
        skip_space(s);
        if (*s->p != '\'' && *s->p != '"')
            return -1; /* keys are strings */
        const char *key = s->p;
        int is_outer = string(s, s->outer);
        if (is_outer < 0)
            return -1;
        const char *after = s->p;
        s->p = key;
        int is_inner = in_outer ? string(s, s->inner) : 0;
        s->p = after;
        skip_space(s);
        if (*s->p++ != ':')
            return -1;
        skip_space(s);
        if (value(s, depth + 1, is_outer == 1, is_inner == 1))
            return -1;
        skip_space(s);
        if (*s->p == ',') {
            s->p++;
            skip_space(s);
            if (*s->p == '}') { /* a trailing comma */
                s->p++;
                return 0;
            }
            continue;
        }
        if (*s->p++ != '}')
            return -1;
        return 0;
    }
}

/* A list. 0, or -1. */
static int list(pl *s, int depth)
{
    s->p++;
    skip_space(s);
    if (*s->p == ']') {
        s->p++;
        return 0;
    }
    for (;;) {
        skip_space(s);
        if (value(s, depth + 1, 0, 0))
            return -1;
        skip_space(s);
        if (*s->p == ',') {
            s->p++;
            skip_space(s);
            if (*s->p == ']') {
                s->p++;
                return 0;
            }
            continue;
        }
        if (*s->p++ != ']')
            return -1;
        return 0;
    }
}

/* Any value; `in_outer`: a dict here is the value of `outer`; `is_inner`: a
 * number here is the one searched for. 0, or -1. */
static int value(pl *s, int depth, int in_outer, int is_inner)
{
    if (depth >= TCI_PYLIT_MAX_DEPTH) /* depth counts from 0 */
        return -1;
    char c = *s->p;
    if (c == '{')
        return dict(s, depth, in_outer);
    if (c == '[')
        return list(s, depth);
    if (c == '\'' || c == '"')
        return string(s, NULL) < 0 ? -1 : 0;
    static const char *const words[] = {"True", "False", "None"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        size_t n = strlen(words[i]);
        if (strncmp(s->p, words[i], n) == 0 && !isalnum((unsigned char)s->p[n]) && s->p[n] != '_') {
            s->p += n;
            return 0;
        }
    }
    double v;
    if (number(s, &v))
        return -1;
    if (is_inner && !s->found) {
        s->found = 1;
        s->value = v;
    }
    return 0;
}

int tci_pylit_find_number(const char *text, const char *outer, const char *inner, double *v)
{
    pl s = {text, outer, inner, 0, 0};
    skip_space(&s);
    if (value(&s, 0, 0, 0))
        return -1;
    skip_space(&s);
    if (*s.p != '\0')
        return -1;
    if (s.found)
        *v = s.value;
    return s.found;
}
