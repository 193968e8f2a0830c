/* sumapi.c - the Summary's row against the API (docs/MODEL.md, API options,
 * Break-even in tokens a day; docs/WORKBOOK.md, Summary): each bought or
 * rented option's break-even in tokens a day against the scenario's first API
 * option, a live formula over Inputs, the option sheet's drivers and the
 * Summary's total of the API (the API's own tokens are on its sheet:
 * optapi.c); the engine's value cached by the caller. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"

/* The scenario's first API option (input order), or -1. */
static int first_api(const xw_ctx *c)
{
    for (size_t i = 0; i < c->s->n_options; i++)
        if (c->s->options[i].acquire == TCO_API)
            return (int)i;
    return -1;
}

/* Option i's break-even in tokens a day against API option k, in f: with D the
 * workload's tokens a day, a = k's total / D its cost a token a day, cap = what
 * i serves a day and m = a - slope / cap, total0 / m; "never at this count"
 * when m <= 0 or that exceeds cap; "at any volume" below a token a day (total0
 * 0, or a rounding from it: the table's words); n/a when D or cap is not above
 * 0. */
static void breakeven(xw_ctx *c, size_t i, int k, char *f, size_t size)
{
    const xw_optsheet *L = &c->os[i];
    char tok[XW_FBUF / 8], day[XW_FBUF / 4], cap[XW_FBUF / 4], m[XW_FBUF / 2];
    xw_request_tokens(c, tok, sizeof tok, 1);
    xw_formula(c, day, sizeof day, "(%s*(HoursPerDay*SecondsPerHour)*%s)",
               xw_in_global(c, TCO_S_REQUESTS_PER_S).s, tok);
    xw_formula(c, cap, sizeof cap, "(%s*%s*%s*%s*(HoursPerDay*SecondsPerHour))",
               xw_in(c, i, TCO_O_COUNT_GPUS).s, xw_in(c, i, TCO_O_THROUGHPUT).s,
               xw_in(c, i, TCO_O_SCALING_EFFICIENCY).s, tok);
    xw_formula(c, m, sizeof m, "(%s/%s-%s/%s)",
               xw_ref(NULL, c->sm_rows[TCI_F_TOTAL], XW_SUM_COL0 + k, 1, 1).s, day,
               xw_ref(L->quoted, L->k_slope, XW_COL_VAL, 1, 1).s, cap);
    xw_refbuf t0 = xw_ref(L->quoted, L->k_total0, XW_COL_VAL, 1, 1);
    xw_word never = xw_tokens_never_word(c), any = xw_tokens_any_word(c), na = xw_na_word(c);
    xw_formula(
        c, f, size,
        "=IF(OR(%s<=0,%s<=0),%s,IF(%s<=0,%s,IF(%s<=0,%s,IF(%s/%s>%s,%s,IF(%s/%s<1,%s,%s/%s)))))",
        day, cap, na.lit, m, never.lit, t0.s, any.lit, t0.s, m, cap, never.lit, t0.s, m, any.lit,
        t0.s, m);
}

/* See sheets.h. */
int xw_summary_api_formula(xw_ctx *c, size_t i, int fi, int col, char *f, size_t size)
{
    (void)col;
    if (fi != TCI_F_BREAKEVEN_TOKENS_PER_DAY)
        return 0;
    /* Without the option's throughput what it serves is unknown: n/a, as the
     * engine's null. */
    int k = first_api(c);
    if (k < 0 || !(c->s->options[i].throughput > 0))
        xw_formula(c, f, size, "=%s", xw_na_word(c).lit);
    else
        breakeven(c, i, k, f, size);
    return 1;
}
