/* about.c - the About sheet: what the workbook compares, its conventions, the
 * master check and a contents list linking every sheet shown. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"
#include "util/utf8.h"

#include <stdio.h>
#include <stdlib.h>

/* About's columns, in characters: labels (A) and texts (B). */
#define ABOUT_A 24
#define ABOUT_B 100

/* A row tall enough for its label in column A and its text in column B, both wrapped. */
static void about_fit(xw_ctx *c, int row, const char *label, const char *value)
{
    double pt = xw_body_pt(c);
    int lines = xw_wrap_lines(value, ABOUT_B, pt);
    if (label)
        lines = xw_imax(lines, xw_wrap_lines(label, ABOUT_A, pt));
    if (lines > 1)
        worksheet_set_row(c->about, (lxw_row_t)row, xw_lines_height(lines, pt), NULL);
}

/* A text in column B, wrapped, on a row tall enough for it. */
static void about_text(xw_ctx *c, int row, const char *value)
{
    about_fit(c, row, NULL, value);
    xw_text(c, c->about, row, 1, value, xw_fmt(c, XS_WRAP, XN_NONE));
}

/* A label in column A and its text in column B. */
static void about_pair(xw_ctx *c, int row, const char *label, const char *value)
{
    xw_text(c, c->about, row, 0, label, xw_fmt(c, XS_WRAP, XN_NONE));
    about_fit(c, row, label, value);
    xw_text(c, c->about, row, 1, value, xw_fmt(c, XS_WRAP, XN_NONE));
}

/* A contents line: a link to the sheet in column A, what it holds in column B. */
static void about_link(xw_ctx *c, int row, const char *sheet, const char *quoted, const char *what)
{
    xw_link(c, c->about, row, 0, quoted, sheet, xw_fmt(c, XS_LINK, XN_NONE));
    about_text(c, row, what);
}

/* The plans' sheets and the Optimize sheet, which follow the option sheets. */
static int about_plans(xw_ctx *c, int row)
{
    const tco_scenario *s = c->s;
    char buf[XW_MAX_TEXT / 4];
    for (size_t p = 0; c->ps && p < s->n_plans; p++) {
        if (!c->ps[p].ws)
            continue;
        char *nm = xw_clean_text(c, s->plans[p].name, 200);
        xw_labelf(c, buf, sizeof buf, "contents.plan",
                  "Plan {name}: demand, capacity, hours served and cost, month by month", "name",
                  nm ? nm : "", NULL);
        free(nm);
        about_link(c, row++, c->ps[p].name, c->ps[p].quoted, buf);
    }
    if (c->optimize)
        about_link(c, row++, c->optimize->name, c->optimize->quoted_name,
                   xw_label(c, "contents.optimize",
                            "The cheapest plan: the best counts, the runners-up and the cost "
                            "curve (computed by tco)"));
    return row;
}

/* About's contents: a link to every sheet shown, in the workbook's order. */
static int about_contents(xw_ctx *c, int row)
{
    const tco_scenario *s = c->s;
    char buf[XW_MAX_TEXT / 4];
    int order[TCI_SHEET_KINDS];
    size_t n = tci_template_sheets(c->tpl, order);
    for (size_t k = 0; k < n; k++) {
        int kind = order[k];
        lxw_worksheet **slot = xw_kind_sheet(c, kind), *ws = slot ? *slot : NULL;
        if (kind == TCI_SHEET_ABOUT)
            continue;
        if (kind == TCI_SHEET_OPTIONS) {
            for (size_t i = 0; i < s->n_options; i++) {
                xw_labelf(c, buf, sizeof buf, "contents.option",
                          "Monthly cash flow: {label} ({kind})", "label", c->label[i], "kind",
                          s->options[i].acquire == TCO_BUY ? xw_label(c, "common.buy", "buy")
                                                           : xw_label(c, "common.rent", "rent"),
                          NULL);
                about_link(c, row++, c->os[i].name, c->os[i].quoted, buf);
            }
            row = about_plans(c, row);
            continue;
        }
        const xw_sheet_kind *d = xw_sheet_kind_get(kind);
        if (!ws || !d->contents_key)
            continue;
        const char *what = xw_label(c, d->contents_key, d->contents);
        if (d->fixed)
            about_link(c, row++, c->sheet[kind], c->sheet_q[kind], what);
        else
            about_link(c, row++, ws->name, ws->quoted_name, what);
    }
    return row;
}

/* The scenario: purpose, date, currency, horizon, baseline, file, author, tool,
 * from `row`; returns the next row. */
static int about_scenario(xw_ctx *c, int row)
{
    const tco_scenario *s = c->s;
    const tco_result *r = c->r;
    char buf[XW_MAX_TEXT / 4];
    xw_text(c, c->about, row++, 0, xw_label(c, "about.scenario", "Scenario"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    size_t nbuy = 0;
    for (size_t i = 0; i < s->n_options; i++)
        nbuy += s->options[i].acquire == TCO_BUY;
    xw_numbuf nopt = xw_int((long long)s->n_options), nb = xw_int((long long)nbuy),
              nr = xw_int((long long)(s->n_options - nbuy)), months = xw_int(s->horizon_months);
    if (s->n_options == 1)
        xw_labelf(c, buf, sizeof buf, "about.purpose.one",
                  "Compares 1 option ({buy} bought, {rent} rented) over {months} months: total "
                  "cost of ownership, net present value, cost per GPU-hour and, for bought "
                  "hardware, when it breaks even with renting.",
                  "buy", nb.s, "rent", nr.s, "months", months.s, NULL);
    else
        xw_labelf(c, buf, sizeof buf, "about.purpose",
                  "Compares {n} options ({buy} bought, {rent} rented) over {months} months: "
                  "total cost of ownership, net present value, cost per GPU-hour and, for "
                  "bought hardware, when it breaks even with renting.",
                  "n", nopt.s, "buy", nb.s, "rent", nr.s, "months", months.s, NULL);
    about_pair(c, row++, xw_label(c, "about.field.purpose", "Purpose"), buf);
    about_pair(c, row++, xw_label(c, "about.field.as_of", "Figures as of"),
               c->as_of ? c->as_of : xw_label(c, "about.as_of.none", "not given"));
    about_pair(c, row++, xw_label(c, "about.field.currency", "Currency"), c->currency);
    xw_labelf(c, buf, sizeof buf, "about.horizon",
              "{months} months; month 0 is the acquisition, months 1-{months} operation", "months",
              months.s, NULL);
    about_pair(c, row++, xw_label(c, "about.field.horizon", "Horizon"), buf);
    if (r->baseline >= 0)
        xw_labelf(c, buf, sizeof buf, "about.baseline",
                  "{label} ({id}): bought options break even against it", "label",
                  c->label[r->baseline], "id", c->id[r->baseline], NULL);
    else
        tci_utf8_format(
            buf, sizeof buf, "%s",
            xw_label(c, "about.baseline.none", "none: the scenario has no rent option"));
    about_pair(c, row++, xw_label(c, "about.field.baseline", "Baseline"), buf);
    about_pair(c, row++, xw_label(c, "about.field.file", "Scenario file"),
               c->file_base ? c->file_base : xw_label(c, "about.file.none", "(string)"));
    if (c->author)
        about_pair(c, row++, xw_label(c, "about.field.author", "Author"), c->author);
    if (c->company)
        about_pair(c, row++, xw_label(c, "about.field.company", "Company"), c->company);
    about_pair(c, row++, xw_label(c, "about.field.tool", "Tool"), "tco " TCO_VERSION);
    return row;
}

/* The master check of the Checks sheet in `row`, OK in green, else red. */
static void about_master(xw_ctx *c, int row)
{
    lxw_worksheet *ws = c->about;
    char f[512];
    xw_text(c, ws, row, 0, xw_label(c, "about.field.master_check", "Master check"),
            xw_fmt(c, XS_TEXT, XN_NONE));
    xw_fstr(c, ws, row, 1,
            xw_formula(c, f, sizeof f, "=%s",
                       xw_ref(c->sheet_q[TCI_SHEET_CHECKS], c->ck_master, XW_COL_VAL, 1, 1).s),
            "OK", xw_fmt(c, XS_CHECK, XN_NONE));
    xw_block master = {row, 1, row, 1};
    xw_mark_checks(c, ws, &master, 1);
    xw_text(c, ws, row + 1, 0, xw_label(c, "about.field.analyses", "Analyses"),
            xw_fmt(c, XS_TEXT, XN_NONE));
    xw_analyses_flag(c, ws, row + 1, 1, 1);
}

/* The legend of the cells' looks and the conventions, from `row`; returns the
 * next row. */
static int about_legend(xw_ctx *c, int row)
{
    lxw_worksheet *ws = c->about;
    char buf[XW_MAX_TEXT / 4];
    xw_text(c, ws, row++, 0, xw_label(c, "about.legend", "Legend"), xw_fmt(c, XS_SECTION, XN_NONE));
    xw_text(c, ws, row, 0, xw_label(c, "about.legend.input", "Input"),
            xw_fmt(c, XS_INPUT, XN_NONE));
    about_text(c, row++,
               xw_label(c, "about.legend.input.text",
                        "An assumption (Inputs sheet): change it and every figure follows."));
    xw_text(c, ws, row, 0, xw_label(c, "about.legend.formula", "Formula"),
            xw_fmt(c, XS_CALC, XN_NONE));
    about_text(c, row++,
               xw_label(c, "about.legend.formula.text",
                        "Computed from the inputs; every figure is a formula. Do not overwrite."));
    xw_text(c, ws, row, 0, xw_label(c, "about.legend.fixed", "Fixed"),
            xw_fmt(c, XS_FIXED, XN_NONE));
    about_text(c, row++,
               xw_label(c, "about.legend.fixed.text",
                        "Set by the scenario's structure (names, methods, horizon) or by law "
                        "(MACRS rates): change it in the scenario file."));
    xw_labelf(c, buf, sizeof buf, "about.units",
              "Money in {currency}; energy in kWh; power in kW (W per device); time in months.",
              "currency", c->currency, NULL);
    about_pair(c, row++, xw_label(c, "about.field.units", "Units"), buf);
    about_pair(c, row++, xw_label(c, "about.field.signs", "Sign convention"),
               xw_label(c, "about.signs",
                        "Costs and outflows are positive; receipts and savings are negative (a "
                        "loan's proceeds, a residual or sale receipt, a tax saving), so that a "
                        "total is the plain sum of its lines. Net present value discounts "
                        "monthly at the annual discount rate."));
    xw_word na = xw_na_word(c);
    char head[XW_MAX_TEXT / 64];
    xw_labelf(c, head, sizeof head, "about.field.tokens",
              "{na}, never, always, parallel, \xE2\x80\x93", "na", na.text, NULL);
    xw_labelf(c, buf, sizeof buf, "about.tokens",
              "{na}: a ratio whose denominator is zero (no FLOPS or throughput given, or zero "
              "utilization). Break-even month never: buying does not stay at or below the "
              "baseline's cumulative cost to the end of the horizon. Break-even utilization "
              "always: buying is cheaper at every utilization from 0% to 100%; never: at none; "
              "parallel: the two cost the same at every utilization. \xE2\x80\x93: zero, or "
              "not applicable to this kind of option.",
              "na", na.text, NULL);
    about_pair(c, row++, head, buf);
    return row;
}

/* See sheets.h. */
void xw_write_about(xw_ctx *c)
{
    lxw_worksheet *ws = c->about;
    xw_set_col(ws, 0, 0, ABOUT_A);
    xw_set_col(ws, 1, 1, ABOUT_B);
    worksheet_set_tab_color(ws, 0x4472C4);
    worksheet_gridlines(ws, LXW_HIDE_ALL_GRIDLINES);
    xw_title_line(c, ws, c->name,
                  xw_label(c, "about.subtitle",
                           "Total cost of ownership of GPU compute: buy or rent, month by month"));
    int row = about_scenario(c, 3);
    about_master(c, row);
    row += 2;
    /* The contents straight under the legend: a line a sheet, the cover one page. */
    row = about_legend(c, row);
    xw_text(c, ws, row++, 0, xw_label(c, "about.contents", "Contents"),
            xw_fmt(c, XS_SECTION, XN_NONE));
    about_contents(c, row);
    xw_print_setup(c, ws, XW_NONE, XW_NONE, 1);
    /* One page, the pack's cover, at a readable scale. */
    worksheet_set_print_scale(ws, (uint16_t)xw_min_scale(c));
}
