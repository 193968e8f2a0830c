/* optapi.c - an API option's tokens on its sheet (docs/MODEL.md, API options;
 * docs/WORKBOOK.md, Cash-flow sheets), last on the sheet: the workload's tokens
 * a month and the cost per 1M tokens over the horizon, live formulas in column
 * C over Inputs and the sheet's total, the engine's values cached. (The
 * break-even in tokens a day of the other options, which reads the API's
 * total, is the Summary's: sumapi.c.) */
#include "write/xlsx/optw.h"
#include "write/xlsx/cell.h"

static void api_heading(const xw_optw *w, int row)
{
    xw_text(w->c, w->ws, row, 0,
            xw_label(w->c, XW_KEY("option.api.heading"), "The API's tokens (in column C)"),
            xw_fmt(w->c, XS_SECTION, XN_NONE));
}

/* Tokens a month: requests_per_s x T x 3600 x a request's tokens. */
static void tokens_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF], tok[XW_FBUF / 8];
    xw_formula(c, f, sizeof f, "=%s*%s*SecondsPerHour*%s", xw_in_global(c, TCO_S_REQUESTS_PER_S).s,
               xw_in_global(c, TCO_S_HOURS_PER_MONTH).s, xw_request_tokens(c, tok, sizeof tok, 1));
    xw_ow_fig(w, row, XW_COL_VAL, f, w->res->tokens_per_month, xw_fmt(c, XS_CALC, XN_INT));
}

/* The cost per 1M tokens: total / (tokens a month x H) x 1e6. */
static void cpm_row(const xw_optw *w, int row)
{
    xw_ctx *c = w->c;
    char f[XW_FBUF], num[XW_FBUF / 8], den[XW_FBUF / 8];
    xw_formula(c, num, sizeof num, "%s*TokensPerMillion", xw_ow_drv(w->L->r_net).s);
    xw_formula(c, den, sizeof den, "(%s*HorizonMonths)", xw_ow_drv(w->L->api.k_tokens).s);
    xw_formula_quotient(c, f, sizeof f, num, den);
    xw_ow_fig(w, row, XW_COL_VAL, f, w->res->api_cost_per_million_tokens,
              xw_fmt(c, XS_CALC, XN_MONEY2));
}

/* See optw.h. */
const xw_ow_row xw_api_rows[] = {
    OW_HEADING(api.s_api, OW_API, api_heading),
    OW_ROW(api.k_tokens, OW_API, XW_KEY("option.api.tokens"), "Tokens a month (the workload's)",
           OU_TOKENS_MONTH, tokens_row),
    OW_ROW(api.k_cpm, OW_API, XW_KEY("option.api.cpm"), "Cost per 1M tokens over the horizon",
           OU_MONEY_PER_M_TOKENS, cpm_row),
};

/* See optw.h. */
const size_t xw_n_api_rows = sizeof xw_api_rows / sizeof xw_api_rows[0];
