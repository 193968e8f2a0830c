/* planpower.c - a plan's power at its site (docs/MODEL.md, A plan at a site
 * with a power limit; planw.h): in a scenario where a site has a
 * power_cap_kw, a block of the plan sheet under the serving rows, its rows
 * described once in xw_pl_power_rows: the provisioned kW of the owned GPUs in
 * service by month, the site's limit (a link to its Inputs cell in column C;
 * after a refresh to an option at another site, that site's, on a row of its
 * own) and a flag, by month, that the month fits the limit (in column C, 1
 * when every month does). Live formulas over the plan's drivers and flags,
 * cached with the plan's figures from the result. */
#include "write/xlsx/planw.h"

/* The heading of the block. */
static void power_heading(const pl_sheet *S, int row)
{
    xw_ctx *c = S->c;
    xw_text(c, S->ws, row, 0,
            xw_label(c, "plan.power", "Power at the site: the owned GPUs against its limit"),
            xw_fmt(c, XS_SECTION, XN_NONE));
}

/* The provisioned kW of the owned GPUs in service: the purchases' in service
 * (buy_at or a refresh), else the owned part's provisioned power. */
static const char *f_kw(const pl_sheet *S, char *f, size_t fs, int col)
{
    char t[XW_FBUF / 2];
    if (S->staged)
        return xw_formula(S->c, f, fs, "=%s", pl_in_service(S, t, sizeof t, PB_PROV_KW, col));
    return xw_formula(S->c, f, fs, "=%s", pl_drv(S->R.k_prov_kw).s);
}

static double v_kw(const pl_sheet *S, int m)
{
    return S->pr->monthly[m].own_kw;
}

/* The limit of the month's site, 0 for none: the owned option's, after a
 * refresh to another site the new option's (its row below). */
static const char *f_cap(const pl_sheet *S, char *f, size_t fs, int col)
{
    xw_refbuf own = pl_drv(S->R.r_kw_cap);
    if (S->R.k_kw_cap_new == XW_NONE)
        return xw_formula(S->c, f, fs, "=%s", own.s);
    char a[XW_FBUF / 4], b[XW_FBUF / 4];
    tci_utf8_format(a, sizeof a, "=%s", own.s);
    tci_utf8_format(b, sizeof b, "=%s", pl_drv(S->R.k_kw_cap_new).s);
    return pl_by_month(S, f, fs, col, a, b);
}

static double v_cap(const pl_sheet *S, int m)
{
    double cap = S->pr->monthly[m].power_cap_kw;
    return cap > 0 ? cap : 0;
}

/* 1 when the month's kW is within its limit, or there is none. */
static const char *f_fits(const pl_sheet *S, char *f, size_t fs, int col)
{
    xw_refbuf kw = pl_at(S->R.r_kw, col), cap = pl_at(S->R.r_kw_cap, col);
    return xw_formula(S->c, f, fs, "=IF(AND(%s>0,%s>%s),0,1)", cap.s, kw.s, cap.s);
}

static double v_fits(const pl_sheet *S, int m)
{
    const tco_plan_month *pm = &S->pr->monthly[m];
    return pm->own_kw > pm->power_cap_kw ? 0 : 1; /* NAN: no limit, fits */
}

/* A row of months with its label and unit (column C is the caller's). */
static void month_row(const pl_sheet *S, int row, const char *key, const char *english,
                      const char *unit, pl_cell_fn make, pl_value_fn value, xw_numfmt nf)
{
    pl_label(S, row, xw_label(S->c, key, english), unit, XS_TEXT);
    xw_pl_month_row(S, row, make, value, xw_fmt(S->c, XS_CALC, nf));
}

static void kw_row(const pl_sheet *S, int row)
{
    month_row(S, row, XW_KEY("plan.kw"), "Provisioned power of the owned GPUs in service",
              xw_label(S->c, "unit.kw", "kW"), f_kw, v_kw, XN_DEC2);
    /* The peak in column C. */
    char f[XW_FBUF];
    pl_fig(S, row, XW_COL_VAL,
           xw_formula(S->c, f, sizeof f, "=MAX(%s)",
                      xw_range(NULL, row, XW_COL_M0 + 1, row, S->last).s),
           S->pr->peak_kw, xw_fmt(S->c, XS_CALC, XN_DEC2));
}

/* The limit of option i's site, linked from Inputs into column C of row. */
static void cap_link(const pl_sheet *S, int row, int i, double v)
{
    char f[XW_FBUF];
    pl_fig(
        S, row, XW_COL_VAL,
        xw_formula(S->c, f, sizeof f, "=%s", xw_site_name(S->c, (size_t)i, TCO_S_POWER_CAP_KW).s),
        v, xw_fmt(S->c, XS_LINK, XN_DEC2));
}

/* The power_cap_kw of bought option i's site as the engine has it (its
 * result's): 0 for none. */
static double site_cap(const pl_sheet *S, int i)
{
    double cap = S->c->r->options[i].power_cap_kw;
    return cap > 0 ? cap : 0;
}

static void cap_row(const pl_sheet *S, int row)
{
    month_row(S, row, XW_KEY("plan.kw_cap"),
              "The site's power limit: in C its Inputs cell, 0 for none",
              xw_label(S->c, "unit.kw", "kW"), f_cap, v_cap, XN_DEC2);
    cap_link(S, row, S->pl->own_i, site_cap(S, S->pl->own_i));
}

/* After a refresh to an option at another site: that site's limit, in C. */
static void cap_new_row(const pl_sheet *S, int row)
{
    pl_label(S, row,
             xw_label(S->c, "plan.kw_cap_new", "The refresh's site's power limit, 0 for none"),
             xw_label(S->c, "unit.kw", "kW"), XS_TEXT);
    cap_link(S, row, S->pl->refresh_i, site_cap(S, S->pl->refresh_i));
}

static void fits_row(const pl_sheet *S, int row)
{
    month_row(S, row, XW_KEY("plan.kw_fits"),
              "Fits the site's power limit: in C, 1 when every month does (1 = yes)",
              xw_label(S->c, "unit.flag", "flag"), f_fits, v_fits, XN_FLAG);
    char f[XW_FBUF];
    pl_fig(S, row, XW_COL_VAL,
           xw_formula(S->c, f, sizeof f, "=MIN(%s)",
                      xw_range(NULL, row, XW_COL_M0 + 1, row, S->last).s),
           S->pr->fits_power, xw_fmt(S->c, XS_CALC, XN_FLAG));
}

/* See planw.h. */
const pl_row xw_pl_power_rows[] = {
    PHEADING(s_power, PW_POWER, power_heading),
    POWN(r_kw, PW_POWER, kw_row),
    POWN(k_kw_cap_new, PW_POWER | PW_POWER_NEW, cap_new_row),
    POWN(r_kw_cap, PW_POWER, cap_row),
    POWN(r_kw_fits, PW_POWER, fits_row),
};

/* See planw.h. */
const size_t xw_pl_n_power_rows = sizeof xw_pl_power_rows / sizeof xw_pl_power_rows[0];

/* See planw.h. */
int xw_pl_power_new_site(const xw_ctx *c, const tco_plan *pl)
{
    if (pl->own_i < 0 || pl->refresh_i < 0)
        return 0;
    return c->s->options[pl->own_i].site_no != c->s->options[pl->refresh_i].site_no;
}
