/* checks.c - the Checks sheet: each key figure as the engine computed it
 * beside the workbook's own formula, and the master check. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/fields.h"
#include "write/xlsx/page.h"

#include <math.h>
#include <stdio.h>

/* Columns of the Checks sheet. */
enum { CK_OPTION, CK_FIGURE, CK_FIELD, CK_ENGINE, CK_BOOK, CK_SCALE, CK_DIFF, CK_STATUS, CK_N };

/* The magnitude a difference is measured against: the figure itself (at least 1);
 * for depreciation and book value, the capex they come from, since a fully
 * depreciated asset's book value is zero plus rounding. */
static double check_scale(const tco_result *r, size_t i, int fi, double v)
{
    double s = isfinite(v) ? fabs(v) : 0;
    if (fi == TCI_F_DEPRECIATION || fi == TCI_F_BOOK_VALUE_END)
        s = fmax(s, fabs(r->options[i].capex));
    return fmax(1, s);
}

#define CK_HEAD  8 /* the headings' row */
#define CK_FIRST 9 /* the first check's row */

/* The title, the master check over the `count` rows of `status`, the tolerance
 * (the defined name CheckTolerance) and the columns' headings (frozen). */
static void ck_head(xw_ctx *c, const char *status, int count)
{
    lxw_worksheet *ws = c->checks;
    char f[XW_FBUF];
    worksheet_set_tab_color(ws, 0xA5A5A5);
    static const double widths[CK_N] = {22, 40, 22, 18, 18, 16, 14, 10};
    for (int k = 0; k < CK_N; k++)
        worksheet_set_column(ws, (lxw_col_t)k, (lxw_col_t)k, widths[k], NULL);
    xw_title_line(
        c, ws, xw_label(c, "checks.title", "Checks"),
        xw_label(c, "checks.subtitle",
                 "Each key figure as the tco engine computed it (a number) beside the "
                 "workbook's own formula. Difference = (workbook - engine) / scale, where the "
                 "scale is the figure itself (at least 1; the capex for depreciation and book "
                 "value). A row is OK when the difference is within the tolerance; the master "
                 "check is OK only when every row is."));
    xw_text(c, ws, 2, 0,
            xw_label(c, "checks.note",
                     "The engine's figures are those of the inputs as written: after an input is "
                     "changed here, the figures it moves show CHECK until the workbook is written "
                     "again with tco."),
            xw_fmt(c, XS_SUBTITLE, XN_NONE));
    xw_text(c, ws, c->ck_master, 0, xw_label(c, "checks.master", "Master check"),
            xw_fmt(c, XS_TOTAL, XN_NONE));
    xw_fstr(
        c, ws, c->ck_master, XW_COL_VAL,
        xw_f(c, f, sizeof f, "=IF(COUNTIF(%s,\"OK\")=ROWS(%s),\"OK\",\"CHECK\")", status, status),
        "OK", xw_fmt(c, XS_CHECK, XN_NONE));
    xw_text(c, ws, c->ck_master + 1, 0, xw_label(c, "checks.agree", "Rows that agree"), NULL);
    xw_fnum(c, ws, c->ck_master + 1, XW_COL_VAL,
            xw_f(c, f, sizeof f, "=COUNTIF(%s,\"OK\")", status), count, xw_fmt(c, XS_CALC, XN_INT));
    xw_text(c, ws, c->ck_master + 2, 0, xw_label(c, "checks.rows", "Rows checked"), NULL);
    xw_fnum(c, ws, c->ck_master + 2, XW_COL_VAL, xw_f(c, f, sizeof f, "=ROWS(%s)", status), count,
            xw_fmt(c, XS_CALC, XN_INT));
    xw_text(c, ws, c->ck_master + 3, 0, xw_label(c, "checks.tolerance", "Tolerance"), NULL);
    xw_num(c, ws, c->ck_master + 3, XW_COL_VAL, 1e-9, xw_fmt(c, XS_FIXED, XN_SCI));
    xw_define_name(c, "CheckTolerance", c->sheet_q[TCI_SHEET_CHECKS], c->ck_master + 3, XW_COL_VAL);

    const char *heads[CK_N] = {xw_label(c, "checks.head.option", "Option"),
                               xw_label(c, "checks.head.figure", "Figure"),
                               xw_label(c, "checks.head.field", "Field"),
                               xw_label(c, "checks.head.engine", "Engine value"),
                               xw_label(c, "checks.head.workbook", "Workbook value"),
                               xw_label(c, "checks.head.scale", "Scale"),
                               xw_label(c, "checks.head.difference", "Difference"),
                               xw_label(c, "checks.head.status", "Status")};
    for (int k = 0; k < CK_N; k++)
        xw_text(c, ws, CK_HEAD, k, heads[k], xw_fmt(c, XS_HEADER, XN_NONE));
    worksheet_freeze_panes(ws, (lxw_row_t)CK_FIRST, 0);
}

/* The check of option i's field fi in `row`: the engine's value, the Summary's,
 * the scale, the difference and the status. */
static void ck_row(xw_ctx *c, size_t i, int fi, int row)
{
    lxw_worksheet *ws = c->checks;
    char f[XW_FBUF], t[XW_TBUF];
    char text[64];
    double v = xw_field_value(c, i, fi, text, sizeof text);
    xw_numfmt nf = xw_field_numfmt(fi);
    xw_text(c, ws, row, CK_OPTION, c->id[i], NULL);
    xw_field_label(c, fi, t, sizeof t);
    xw_text(c, ws, row, CK_FIGURE, t, NULL);
    xw_text(c, ws, row, CK_FIELD, tci_field_get((tci_field_id)fi)->name,
            xw_fmt(c, XS_KEY, XN_NONE));
    if (*text)
        xw_text(c, ws, row, CK_ENGINE, text, xw_fmt(c, XS_FIXED, nf));
    else
        xw_num(c, ws, row, CK_ENGINE, v, xw_fmt(c, XS_FIXED, nf));
    xw_f(c, f, sizeof f, "=%s",
         xw_ref(c->sheet_q[TCI_SHEET_SUMMARY], c->sm_rows[fi], XW_SUM_COL0 + (int)i, 1, 1).s);
    if (*text)
        xw_fstr(c, ws, row, CK_BOOK, f, text, xw_fmt(c, XS_CALC, nf));
    else
        xw_fnum(c, ws, row, CK_BOOK, f, v, xw_fmt(c, XS_CALC, nf));
    xw_num(c, ws, row, CK_SCALE, check_scale(c->r, i, fi, v), xw_fmt(c, XS_FIXED, XN_GENERAL));
    xw_refbuf d = xw_ref(NULL, row, CK_ENGINE, 0, 0), w = xw_ref(NULL, row, CK_BOOK, 0, 0),
              sc = xw_ref(NULL, row, CK_SCALE, 0, 0), rd = xw_ref(NULL, row, CK_DIFF, 0, 0);
    xw_f(c, f, sizeof f, "=IF(AND(ISNUMBER(%s),ISNUMBER(%s)),(%s-%s)/%s,\"\")", d.s, w.s, w.s, d.s,
         sc.s);
    if (*text)
        xw_fstr(c, ws, row, CK_DIFF, f, "", xw_fmt(c, XS_CALC, XN_SCI));
    else
        xw_fnum(c, ws, row, CK_DIFF, f, 0, xw_fmt(c, XS_CALC, XN_SCI));
    xw_f(c, f, sizeof f,
         "=IF(ISNUMBER(%s),IF(ISNUMBER(%s),IF(ABS(%s)<=CheckTolerance,\"OK\",\"CHECK\"),"
         "\"CHECK\"),IF(ISNUMBER(%s),\"CHECK\",IF(%s=%s,\"OK\",\"CHECK\")))",
         d.s, w.s, rd.s, w.s, d.s, w.s);
    xw_fstr(c, ws, row, CK_STATUS, f, "OK", xw_fmt(c, XS_CHECK, XN_NONE));
}

/* OK in green and anything else in red, in the status column (rows CK_FIRST to
 * lastr) and in the master check. */
static void ck_marks(xw_ctx *c, int lastr)
{
    const xw_block marked[] = {{CK_FIRST, CK_STATUS, lastr, CK_STATUS},
                               {c->ck_master, XW_COL_VAL, c->ck_master, XW_COL_VAL}};
    xw_mark_checks(c, c->checks, marked, 2);
}

/* See sheets.h. */
void xw_write_checks(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    int count = 0;
    for (size_t i = 0; i < s->n_options; i++)
        for (int fi = 0; fi < TCI_F_COUNT; fi++)
            count += xw_field_checked(fi) && xw_field_applies(c, i, fi);
    int lastr = CK_FIRST + count - 1;
    xw_refbuf status = xw_range(NULL, CK_FIRST, CK_STATUS, lastr, CK_STATUS);
    ck_head(c, status.s, count);
    int row = CK_FIRST;
    for (size_t i = 0; i < s->n_options; i++)
        for (int fi = 0; fi < TCI_F_COUNT; fi++)
            if (xw_field_checked(fi) && xw_field_applies(c, i, fi))
                ck_row(c, i, fi, row++);
    ck_marks(c, lastr);
    xw_print_setup(c, c->checks, CK_HEAD, CK_HEAD, 1);
}
