/* smplanco2.c - the Summary's plans' emissions (docs/MODEL.md, A plan's
 * emissions; docs/WORKBOOK.md, Summary): with carbon figures, under the plans'
 * table, a column per plan with its tCO2e by the GHG Protocol's scopes, their
 * sum and its carbon cost, each `=` column C of its plan sheet's carbon row;
 * and the chart of the plans' emissions stacked by scope over those cells. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/charts.h"
#include "write/xlsx/page.h"

#include <math.h>
#include <string.h>

/* The block's columns, from XW_SUM_COL0: the plan sheet's row of each
 * (xw_plansheet.r_co2, by xw_pl_co2), the engine's sum, its label. */
typedef struct co2_col {
    int which;       /* index in xw_plansheet.r_co2 */
    const char *key; /* its heading's label */
    const char *en;
    int money; /* the carbon cost: in the currency */
    int per;   /* an intensity per 1M tokens: with g, in tCO2e per 1M tokens */
    int run;   /* tCO2e per training run: with a run's GPU-hours */
} co2_col;

static const co2_col cols[] = {
    {XW_PL_CO2_S2L, XW_KEY("summary.plan_co2.s2l"), "Scope 2, location-based", 0, 0, 0},
    {XW_PL_CO2_S2M, XW_KEY("summary.plan_co2.s2m"), "Scope 2, market-based", 0, 0, 0},
    {XW_PL_CO2_S3P, XW_KEY("summary.plan_co2.s3p"), "Scope 3, purchased services", 0, 0, 0},
    {XW_PL_CO2_S3C, XW_KEY("summary.plan_co2.s3c"), "Scope 3, capital goods", 0, 0, 0},
    {XW_PL_CO2_T, XW_KEY("summary.plan_co2.t"), "Emissions (scope 2 market-based where given)", 0,
     0, 0},
    {XW_PL_CO2_COST, XW_KEY("summary.plan_co2.cost"), "Carbon cost (not in the total)", 1, 0, 0},
    {XW_PL_CO2_TPM, XW_KEY("summary.plan_co2.tpm"), "Emissions per 1M tokens served", 0, 1, 0},
    {XW_PL_CO2_ETPM, XW_KEY("summary.plan_co2.etpm"),
     "Embodied per 1M tokens served (a management metric)", 0, 1, 0},
    {XW_PL_CO2_RUN, XW_KEY("summary.plan_co2.run"), "Emissions per training run", 0, 0, 1},
};

#define N_COLS (sizeof cols / sizeof cols[0])

/* Plan result P's sum of column k. */
static double engine_sum(const tco_plan_result *P, size_t k)
{
    switch (cols[k].which) {
    case XW_PL_CO2_S2L:
        return P->scope2_location_tco2e;
    case XW_PL_CO2_S2M:
        return P->scope2_market_tco2e;
    case XW_PL_CO2_S3P:
        return P->scope3_purchased_tco2e;
    case XW_PL_CO2_S3C:
        return P->scope3_capital_tco2e;
    case XW_PL_CO2_T:
        return P->tco2e;
    case XW_PL_CO2_TPM:
        return P->tco2e_per_million_tokens;
    case XW_PL_CO2_ETPM:
        return P->embodied_tco2e_per_million_tokens;
    case XW_PL_CO2_RUN:
        return P->tco2e_per_run;
    default:
        return P->carbon_cost;
    }
}

/* 1 when the block shows column k: the carbon cost when priced, the
 * intensities when a plan's sheet has them (g, its tokens served, or a
 * training run's GPU-hours). */
static int shown(const xw_ctx *c, size_t k)
{
    if (cols[k].money)
        return c->s->carbon_price > 0;
    if (!cols[k].per && !cols[k].run)
        return 1;
    for (size_t p = 0; c->ps && p < c->s->n_plans; p++)
        if (c->ps[p].r_co2[cols[k].per ? XW_PL_CO2_TPM : XW_PL_CO2_RUN] != XW_NONE)
            return 1;
    return 0;
}

/* The columns shown. */
static size_t n_shown(const xw_ctx *c)
{
    size_t n = 0;
    for (size_t k = 0; k < N_COLS; k++)
        n += (size_t)shown(c, k);
    return n;
}

/* 1 when plan p has a row in the Summary's plans' table (its sheet is written). */
static int listed(const xw_ctx *c, size_t p)
{
    return c->ps && c->ps[p].ws != NULL && c->ps[p].r_net != XW_NONE;
}

/* The plans listed. */
static int n_listed(const xw_ctx *c)
{
    int np = 0;
    for (size_t p = 0; p < c->s->n_plans; p++)
        np += listed(c, p);
    return np;
}

/* See sheets.h. */
int xw_sm_plan_co2_layout(xw_ctx *c, int row)
{
    c->sm_pco2 = c->sm_pco2_end = XW_NONE;
    if (!tco_scenario_carbon(c->s) || c->sm_plans == XW_NONE || n_listed(c) == 0)
        return row;
    c->sm_pco2 = row + 1;
    c->sm_pco2_end = row + 2 + (int)n_shown(c);
    return c->sm_pco2_end;
}

/* See sheets.h. */
int xw_sm_plan_co2_cols(const xw_ctx *c)
{
    return c->sm_pco2 == XW_NONE ? 0 : n_listed(c);
}

/* See sheets.h. As the options' carbon block: a row per figure, a column per
 * plan (file order), its name linked to its sheet in the heading row. */
void xw_sm_plan_co2(xw_ctx *c, int wo)
{
    if (c->sm_pco2 == XW_NONE)
        return;
    lxw_worksheet *ws = c->summary;
    const int c0 = XW_SUM_COL0, h = c->sm_pco2;
    const size_t n = n_shown(c);
    char t[XW_TBUF], f[XW_FBUF];
    if (c->s->carbon_in_total) /* MODEL.md, A plan's carbon cost in its total */
        xw_labelf(c, t, sizeof t, "summary.plan_co2.in_total",
                  "Plans' emissions over {months} months by the GHG Protocol's scopes (tCO2e; the "
                  "carbon cost in each plan's total), from each plan's sheet",
                  "months", xw_int(c->s->horizon_months).s, NULL);
    else
        xw_labelf(c, t, sizeof t, "summary.plan_co2",
                  "Plans' emissions over {months} months by the GHG Protocol's scopes (tCO2e; the "
                  "carbon cost not in the total), from each plan's sheet",
                  "months", xw_int(c->s->horizon_months).s, NULL);
    xw_text(c, ws, h, 0, t, xw_fmt(c, XS_SECTION, XN_NONE));
    const char *names[TCO_MAX_PLANS];
    size_t np = 0;
    for (size_t p = 0; p < c->s->n_plans && np < TCO_MAX_PLANS; p++)
        if (listed(c, p))
            names[np++] = c->s->plans[p].name;
    xw_header_height(ws, h + 1, names, np, wo);
    xw_header_text(c, ws, h + 1, 0, xw_label(c, "summary.plans.plan", "Plan"));
    xw_header_text(c, ws, h + 1, 2, xw_label(c, "summary.head.unit", "Unit"));
    (void)n;
    for (size_t k = 0, row = (size_t)h + 2; k < N_COLS; k++) {
        if (!shown(c, k))
            continue;
        xw_text(c, ws, (int)row, 0,
                cols[k].money && c->s->carbon_in_total
                    ? xw_label(c, "summary.plan_co2.cost_in", "Carbon cost (in the total)")
                    : xw_label(c, cols[k].key, cols[k].en),
                xw_fmt(c, XS_TEXT, XN_NONE));
        xw_text(c, ws, (int)row++, 2,
                cols[k].money ? c->currency
                : cols[k].per
                    ? xw_label(c, XW_KEY("unit.tco2e_per_million_tokens"), "tCO2e per 1M tokens")
                : cols[k].run ? xw_label(c, XW_KEY("unit.tco2e_per_run"), "tCO2e per run")
                              : xw_label(c, "unit.tco2e", "tCO2e"),
                xw_fmt(c, XS_KEY, XN_NONE));
    }
    int col = c0;
    for (size_t p = 0; p < c->s->n_plans; p++) {
        if (!listed(c, p))
            continue;
        const xw_plansheet *ps = &c->ps[p];
        const tco_plan_result *P = &c->r->plans[p];
        xw_link(c, ws, h + 1, col, ps->quoted, c->s->plans[p].name, xw_fmt(c, XS_LINK, XN_GENERAL));
        for (size_t k = 0, at = 0; k < N_COLS; k++) {
            if (!shown(c, k))
                continue;
            const int src = ps->r_co2[cols[k].which], row = h + 2 + (int)at++;
            lxw_format *fmt = xw_fmt(c, XS_CALC,
                                     cols[k].money ? XN_MONEY
                                     : cols[k].per ? XN_SCI
                                                   : XN_DEC2);
            if (src == XW_NONE) { /* a part the plan lacks: its sheet has no such row */
                xw_text(c, ws, row, col, "\xE2\x80\x93", xw_fmt(c, XS_CALC, XN_GENERAL));
                continue;
            }
            xw_formula(c, f, sizeof f, "=%s", xw_ref(ps->quoted, src, XW_COL_VAL, 1, 1).s);
            const double v = engine_sum(P, k);
            if (isnan(v)) /* the n/a word in the sheet's column C */
                xw_fstr(c, ws, row, col, f, xw_na_word(c).text, fmt);
            else
                xw_fnum(c, ws, row, col, f, v, fmt);
        }
        col++;
    }
}

/* See sheets.h. As the options' chart: scope 2 location-based and scope 3's
 * two categories stacked, a column per plan. */
lxw_chart *xw_sm_plan_co2_chart(xw_ctx *c)
{
    if (c->sm_pco2 == XW_NONE)
        return NULL;
    const int c0 = XW_SUM_COL0, c1 = c0 + n_listed(c) - 1, h = c->sm_pco2;
    const char *sum_q = c->sheet_q[TCI_SHEET_SUMMARY];
    char t[XW_TBUF], cats[400], vals[400];
    lxw_chart *ch = xw_new_chart(c, LXW_CHART_COLUMN_STACKED);
    if (!ch)
        return NULL;
    xw_chart_range(cats, sizeof cats, sum_q, h + 1, c0, h + 1, c1);
    static const int parts[] = {0, 2, 3};
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
        const int row = h + 2 + parts[k];
        xw_chart_range(vals, sizeof vals, sum_q, row, c0, row, c1);
        lxw_chart_series *se = xw_add_series(c, ch, cats, vals);
        if (!se)
            return NULL;
        chart_series_set_name_range(se, c->sheet[TCI_SHEET_SUMMARY], (lxw_row_t)row, 0);
        xw_series_solid(se, xw_colour(c, k));
    }
    xw_labelf(c, t, sizeof t, "chart.plan_emissions.title",
              "Emissions by plan and scope over {months} months (tCO2e; scope 2 location-based)",
              "months", xw_int(c->s->horizon_months).s, NULL);
    xw_chart_title(c, ch, t);
    lxw_chart_font title = xw_chart_font(c, 1);
    title.size = xw_body_pt(c);
    chart_title_set_name_font(ch, &title);
    xw_axis_name(c, ch->x_axis, xw_label(c, "chart.plan_emissions.x", "Plan"));
    xw_axis_name(c, ch->y_axis, xw_label(c, "chart.emissions.y", "tCO2e"));
    chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
    chart_set_series_gap(ch, 60);
    return ch;
}
