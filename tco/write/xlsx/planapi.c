/* planapi.c - an API overflow's tokens on a plan's sheet (docs/MODEL.md, An
 * API as a plan's overflow; planw.h): a block after the serving rows (and the
 * power block), its rows described once in xw_pl_api_rows: g, the tokens of a
 * reference GPU-hour (column C), the overflow's tokens by month (the overflow
 * hours x g, summed in C) and, when the API has a max_tokens_per_minute, the
 * tokens a minute (the month's tokens over its T x 60 minutes, the peak in C),
 * the limit (its Inputs cell, in C) and a flag by month that the month is
 * within it (in C the lowest: 1 when every month is). Live formulas over the
 * plan's rows and Inputs, cached with the plan's figures from the result; the
 * carbon block's scope 3 row reads the tokens row (plancarbon.c). */
#include "write/xlsx/planw.h"

/* The heading of the block. */
static void api_heading(const pl_sheet *S, int row)
{
    char t[XW_TBUF];
    xw_labelf(S->c, t, sizeof t, XW_KEY("plan.api"),
              "The API's tokens: {label}, the overflow's reference GPU-hours at g tokens each",
              "label", S->c->label[S->pl->overflow_i], NULL);
    xw_text(S->c, S->ws, row, 0, t, xw_fmt(S->c, XS_SECTION, XN_NONE));
}

/* g in column C: the reference's throughput x scaling efficiency x the
 * request's tokens (input + output) x 3600, each its Inputs cell. */
static void g_row(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    const size_t ref = (size_t)c->s->demand->ref;
    char f[XW_FBUF];
    pl_label(S, row,
             xw_label(c, XW_KEY("plan.api.g"),
                      "Tokens of a reference GPU-hour (g): throughput x scaling x tokens of a "
                      "request x 3600"),
             xw_label(c, XW_KEY("unit.tokens"), "tokens"), XS_TEXT);
    char t[XW_FBUF / 2];
    xw_request_tokens(c, t, sizeof t, /* its parts where Inputs has them */
                      c->in_g[TCO_S_INPUT_TOKENS_PER_REQUEST] != XW_NONE &&
                          c->in_g[TCO_S_OUTPUT_TOKENS_PER_REQUEST] != XW_NONE);
    pl_fig(S, row, XW_COL_VAL,
           xw_formula(c, f, sizeof f, "=%s*%s*%s*SecondsPerHour", xw_in(c, ref, TCO_O_THROUGHPUT).s,
                      xw_in(c, ref, TCO_O_SCALING_EFFICIENCY).s, t),
           S->pr->api_tokens_per_hour, xw_fmt(c, XS_CALC, XN_INT));
}

/* The month's tokens: the overflow's reference GPU-hours (k = 1) x g. */
static const char *f_tokens(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_formula(S->c, f, fs, "=%s*%s", pl_at(S->R.r_h_over, col).s, pl_drv(S->R.k_api_g).s);
}

static double v_tokens(const pl_sheet *S, int m)
{
    return S->pr->monthly[m].overflow_tokens;
}

/* A row of months with its label and unit, its figure in C. */
static void month_row(const pl_sheet *S, int row, const char *key, const char *english,
                      pl_cell_fn make, pl_value_fn value, xw_numfmt nf)
{
    pl_label(S, row, xw_label(S->c, key, english), xw_label(S->c, XW_KEY("unit.tokens"), "tokens"),
             XS_TEXT);
    xw_pl_month_row(S, row, make, value, xw_fmt(S->c, XS_CALC, nf));
}

static void tokens_row(const pl_sheet *S, int row)
{
    month_row(S, row, XW_KEY("plan.api.tokens"),
              "Tokens sent to the API: overflow GPU-hours x g (total in C)", f_tokens, v_tokens,
              XN_INT);
    pl_total(S, row, XW_COL_M0, S->pr->overflow_tokens, XS_TOTAL, XN_INT);
}

/* Tokens a minute: the month's tokens over its hours x 60. */
static const char *f_tpm(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_formula(S->c, f, fs, "=%s/(%s*MinutesPerHour)", pl_at(S->R.r_api_tok, col).s,
                      xw_in_global(S->c, TCO_S_HOURS_PER_MONTH).s);
}

static double v_tpm(const pl_sheet *S, int m)
{
    return S->pr->monthly[m].overflow_tokens_per_minute;
}

/* The highest month's in C. */
static double peak_tpm(const pl_sheet *S)
{
    double peak = 0;
    for (int m = 0; m < S->H; m++)
        peak = S->pr->monthly[m].overflow_tokens_per_minute > peak
                   ? S->pr->monthly[m].overflow_tokens_per_minute
                   : peak;
    return peak;
}

static void tpm_row(const pl_sheet *S, int row)
{
    month_row(S, row, XW_KEY("plan.api.tpm"),
              "Tokens a minute: the month's tokens / (hours x 60) (the peak in C)", f_tpm, v_tpm,
              XN_INT);
    char f[XW_FBUF];
    pl_fig(S, row, XW_COL_VAL,
           xw_formula(S->c, f, sizeof f, "=MAX(%s)",
                      xw_range(NULL, row, XW_COL_M0 + 1, row, S->last).s),
           peak_tpm(S), xw_fmt(S->c, XS_CALC, XN_INT));
}

/* The API's max_tokens_per_minute, linked from Inputs into column C. */
static void limit_row(const pl_sheet *S, int row)
{
    char f[XW_FBUF];
    pl_label(S, row,
             xw_label(S->c, XW_KEY("plan.api.limit"),
                      "The API's rate limit: in C its Inputs cell (tokens a minute)"),
             xw_label(S->c, XW_KEY("unit.tokens"), "tokens"), XS_TEXT);
    pl_fig(S, row, XW_COL_VAL,
           xw_formula(S->c, f, sizeof f, "=%s", xw_ow_in(&S->wv, TCO_O_MAX_TOKENS_PER_MINUTE).s),
           S->pr->rate_limit_tpm, xw_fmt(S->c, XS_LINK, XN_INT));
}

/* 1 when the month's tokens a minute are within the limit. */
static const char *f_fits(const pl_sheet *S, char *f, size_t fs, int col)
{
    return xw_formula(S->c, f, fs, "=IF(%s>%s,0,1)", pl_at(S->R.r_api_tpm, col).s,
                      pl_drv(S->R.k_api_lim).s);
}

static double v_fits(const pl_sheet *S, int m)
{
    return S->pr->monthly[m].overflow_tokens_per_minute > S->pr->rate_limit_tpm ? 0 : 1;
}

static void fits_row(const pl_sheet *S, int row)
{
    pl_label(S, row,
             xw_label(S->c, XW_KEY("plan.api.fits"),
                      "Within the API's rate limit: in C, 1 when every month is (1 = yes)"),
             xw_label(S->c, XW_KEY("unit.flag"), "flag"), XS_TEXT);
    xw_pl_month_row(S, row, f_fits, v_fits, xw_fmt(S->c, XS_CALC, XN_FLAG));
    char f[XW_FBUF];
    pl_fig(S, row, XW_COL_VAL,
           xw_formula(S->c, f, sizeof f, "=MIN(%s)",
                      xw_range(NULL, row, XW_COL_M0 + 1, row, S->last).s),
           S->pr->over_rate_month ? 0 : 1, xw_fmt(S->c, XS_CALC, XN_FLAG));
}

/* See planw.h. */
const pl_row xw_pl_api_rows[] = {
    PHEADING(s_api, PW_API, api_heading),
    POWN(k_api_g, PW_G, g_row),
    POWN(r_api_tok, PW_API, tokens_row),
    POWN(r_api_tpm, PW_API | PW_API_LIMIT, tpm_row),
    POWN(k_api_lim, PW_API | PW_API_LIMIT, limit_row),
    POWN(r_api_fits, PW_API | PW_API_LIMIT, fits_row),
};

/* See planw.h. */
const size_t xw_pl_n_api_rows = sizeof xw_pl_api_rows / sizeof xw_pl_api_rows[0];
