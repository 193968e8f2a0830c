/* inmacrs.c - the MACRS tables of IRS Publication 946 on Inputs (docs/MODEL.md,
 * Taxes; Tax depreciation by tax year): table A-1 (the half-year convention)
 * and A-5 (mid-quarter, placed in service in the fourth quarter), and when a
 * plan's purchase is depreciated by tax year A-2..A-4 (the first three
 * quarters), years 1..8 of 5- and 7-year property, each row's rates checked
 * against the figures the engine holds (tco_macrs_rate_at). */
#include "write/xlsx/sheets.h"
#include "write/xlsx/inputs.h"
#include "write/xlsx/cell.h"
#include "util/utf8.h"

/* A MACRS table of Pub. 946 (convention 0: table A-1, 1..4: A-2..A-5; the rates
 * of tco_macrs_rate_at) from `row`: its heading, then years 1..8 of 5- and
 * 7-year property in columns C and D, the first year's row in *first; returns
 * the next row. */
static int macrs_table(xw_ctx *c, int row, int convention, int *first)
{
    lxw_worksheet *ws = c->inputs;
    const char *mh[] = {xw_label(c, "inputs.macrs.year", "Year"), "",
                        xw_label(c, "inputs.macrs.5", "5-year property"),
                        xw_label(c, "inputs.macrs.7", "7-year property"),
                        xw_label(c, "inputs.head.source", "Source")};
    const char *sources[] = {xw_label(c, "source.irs946", "IRS Publication 946, table A-1"),
                             xw_label(c, "source.irs946_a2", "IRS Publication 946, table A-2"),
                             xw_label(c, "source.irs946_a3", "IRS Publication 946, table A-3"),
                             xw_label(c, "source.irs946_a4", "IRS Publication 946, table A-4"),
                             xw_label(c, "source.irs946_a5", "IRS Publication 946, table A-5")};
    const char *source = sources[convention];
    for (int k = 0; k < 5; k++)
        xw_text(c, ws, row, k, mh[k], xw_fmt(c, XS_HEADER, XN_NONE));
    row++;
    *first = row;
    for (int y = 1; y <= 8; y++, row++) {
        char yl[200];
        xw_text(
            c, ws, row, 0,
            xw_labelf(c, yl, sizeof yl, "inputs.macrs.year_n", "Year {n}", "n", xw_int(y).s, NULL),
            NULL);
        double r5 = tco_macrs_rate_at(5, convention, y), r7 = tco_macrs_rate_at(7, convention, y);
        if (y <= 6) {
            xw_num(c, ws, row, 2, r5, xw_fmt(c, XS_FIXED, XN_PCT));
            xw_num(c, ws, row, IN_COL_ASIS, r5, xw_fmt(c, XS_TEXT, XN_PCT));
        }
        xw_num(c, ws, row, 3, r7, xw_fmt(c, XS_FIXED, XN_PCT));
        xw_num(c, ws, row, IN_COL_ASIS_D, r7, xw_fmt(c, XS_TEXT, XN_PCT));
        char t[XW_FBUF];
        tci_utf8_format(t, sizeof t, "AND(%s=%s,%s=%s)", xw_ref(NULL, row, 2, 0, 0).s,
                        xw_ref(NULL, row, IN_COL_ASIS, 0, 0).s, xw_ref(NULL, row, 3, 0, 0).s,
                        xw_ref(NULL, row, IN_COL_ASIS_D, 0, 0).s);
        xw_in_changed(c, row, t);
        xw_text(c, ws, row, 4, source, xw_fmt(c, XS_KEY, XN_NONE));
    }
    return row;
}

/* 1 when a plan's purchase is depreciated by tax year (MODEL.md, Tax
 * depreciation by tax year): the mid-quarter tables of quarters 1..3 are then
 * on Inputs, which a single purchase at month 0 never reads. */
static int plans_by_tax_year(const xw_ctx *c)
{
    for (size_t p = 0; c->s->tax && p < c->r->n_plans; p++)
        for (size_t j = 0; j < c->r->plans[p].n_purchases; j++)
            if (c->r->plans[p].purchases[j].tax_by_year)
                return 1;
    return 0;
}

/* See inputs.h. */
int xw_in_macrs(xw_ctx *c, int row)
{
    lxw_worksheet *ws = c->inputs;
    lxw_format *sec = xw_fmt(c, XS_SECTION, XN_NONE);
    xw_text(c, ws, row++, 0,
            xw_label(c, "inputs.macrs", "MACRS depreciation rates (half-year convention)"), sec);
    row = macrs_table(c, row, 0, &c->in_macrs);
    xw_text(c, ws, row++, 0,
            xw_label(c, "inputs.macrs_q4",
                     "MACRS depreciation rates (mid-quarter convention, placed in service in the "
                     "fourth quarter)"),
            sec);
    row = macrs_table(c, row, 4, &c->in_macrs_q4);
    /* The mid-quarter tables of quarters 1..3 (A-2..A-4), for a plan's
     * purchases (MODEL.md, Tax depreciation by tax year); every table's first
     * row by convention in in_macrs_at. */
    const char *heads[] = {
        xw_label(c, "inputs.macrs_q1",
                 "MACRS depreciation rates (mid-quarter convention, placed in service in the "
                 "first quarter)"),
        xw_label(c, "inputs.macrs_q2",
                 "MACRS depreciation rates (mid-quarter convention, placed in service in the "
                 "second quarter)"),
        xw_label(c, "inputs.macrs_q3",
                 "MACRS depreciation rates (mid-quarter convention, placed in service in the "
                 "third quarter)")};
    c->in_macrs_at[0] = c->in_macrs;
    c->in_macrs_at[4] = c->in_macrs_q4;
    c->in_macrs_at[1] = c->in_macrs_at[2] = c->in_macrs_at[3] = XW_NONE;
    for (int q = 1; q <= 3 && plans_by_tax_year(c); q++) {
        xw_text(c, ws, row++, 0, heads[q - 1], sec);
        row = macrs_table(c, row, q, &c->in_macrs_at[q]);
    }
    return row;
}
