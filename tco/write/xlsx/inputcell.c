/* inputcell.c - a value's cells on the Inputs sheet, as its modules
 * (inputs.c, inputplan.c) write them (inputs.h): its source, its validation,
 * its defined name, and its hidden copy as computed with its Changed flag. */
#include "write/xlsx/inputs.h"
#include "write/xlsx/cell.h"
#include "util/utf8.h"

#include <math.h>
#include <string.h>

/* ===== Source of an input ===== */

/* See inputs.h. */
void xw_in_source(xw_ctx *c, char *buf, size_t size, unsigned char src, const char *file, int line)
{
    const char *name = c->file_base ? c->file_base : xw_label(c, "source.scenario", "scenario");
    if (file && file != c->s->file && strcmp(file, c->s->file) != 0 && tci_utf8_valid(file))
        name = xw_base_name(file);
    if (src == TCO_SRC_INI && line > 0)
        tci_utf8_format(buf, size, "%s:%d", name, line);
    else if (src == TCO_SRC_INI)
        tci_utf8_format(buf, size, "%s", name);
    else if (src == TCO_SRC_DERIVED)
        tci_utf8_format(buf, size, "%s", xw_label(c, "source.derived", "derived"));
    else if (src == TCO_SRC_CATALOG)
        tci_utf8_format(buf, size, "%s", xw_label(c, "source.catalog", "catalog"));
    else
        tci_utf8_format(buf, size, "%s", xw_label(c, "source.default", "default"));
}

/* ===== Validation ===== */

/* See inputs.h. */
void xw_in_validate(xw_ctx *c, lxw_worksheet *ws, int row, const char *name, double lo, double hi,
                    int whole)
{
    char msg[1200], cut[1200], title[200], in_title[200], in_cut[1200], l[32], h[32];
    lxw_data_validation dv;
    memset(&dv, 0, sizeof dv);
    dv.validate = whole ? LXW_VALIDATION_TYPE_INTEGER : LXW_VALIDATION_TYPE_DECIMAL;
    dv.criteria = LXW_VALIDATION_CRITERIA_BETWEEN;
    dv.minimum_number = lo;
    dv.maximum_number = hi;
    tci_utf8_format(l, sizeof l, "%g", lo);
    tci_utf8_format(h, sizeof h, "%g", hi);
    xw_labelf(c, msg, sizeof msg, "inputs.validation.message",
              "{key} must be between {low} and {high}.", "key", name, "low", l, "high", h, NULL);
    /* libxlsxwriter refuses a title over 32 characters and a message over 255. */
    dv.error_title = xw_label_cut(xw_label(c, "inputs.validation.title", "Out of range"), title,
                                  sizeof title, 32);
    dv.error_message = xw_label_cut(msg, cut, sizeof cut, 255);
    dv.input_title = xw_label_cut(xw_label(c, "inputs.validation.input_title", "Input"), in_title,
                                  sizeof in_title, 32);
    dv.input_message = xw_label_cut(msg, in_cut, sizeof in_cut, 255);
    xw_note(c, worksheet_data_validation_cell(ws, (lxw_row_t)row, XW_COL_VAL, &dv));
}

/* ===== Names and the values as computed ===== */

/* See inputs.h. */
void xw_in_name(xw_ctx *c, const char *name, int row, int col)
{
    xw_define_name(c, name, c->sheet_q[TCI_SHEET_INPUTS], row, col);
}

/* ===== Inputs as computed =====
 *
 * Hidden beside each value: column F holds the value tco computed with (a copy
 * of column C; G one of column D, in the MACRS table) and column H is 1 when
 * the cell no longer holds it. AnalysesCurrent is TRUE while no row is 1: the
 * static sheets (Sensitivity, Cases, Monte Carlo) hold the figures of the
 * inputs as they stand. */

/* See inputs.h. */
void xw_in_changed(xw_ctx *c, int row, const char *test)
{
    char f[XW_FBUF];
    xw_fnum(c, c->inputs, row, IN_COL_CHANGED, xw_formula(c, f, sizeof f, "=IF(%s,0,1)", test), 0,
            xw_fmt(c, XS_CALC, XN_INT));
}

/* See inputs.h. */
void xw_in_asis_num(xw_ctx *c, int row, double v, int formula)
{
    char t[XW_FBUF];
    xw_refbuf cv = xw_ref(NULL, row, XW_COL_VAL, 0, 0), a = xw_ref(NULL, row, IN_COL_ASIS, 0, 0);
    if (!isfinite(v)) { /* written as the n/a word */
        xw_num(c, c->inputs, row, IN_COL_ASIS, v, NULL);
        tci_utf8_format(t, sizeof t, "EXACT(%s,%s)", cv.s, a.s);
    } else {
        xw_num(c, c->inputs, row, IN_COL_ASIS, v,
               xw_fmt(c, XS_TEXT, xw_value_numfmt(TCO_U_NONE, v)));
        if (formula)
            tci_utf8_format(t, sizeof t,
                            "IF(ISNUMBER(%s),ABS(%s-%s)<=CheckTolerance*MAX(1,ABS(%s)),FALSE)",
                            cv.s, cv.s, a.s, a.s);
        else
            tci_utf8_format(t, sizeof t, "AND(ISNUMBER(%s),%s=%s)", cv.s, cv.s, a.s);
    }
    xw_in_changed(c, row, t);
}

/* See inputs.h. */
void xw_in_asis_text(xw_ctx *c, int row, const char *text)
{
    char t[XW_FBUF];
    xw_text(c, c->inputs, row, IN_COL_ASIS, text, NULL);
    tci_utf8_format(t, sizeof t, "EXACT(%s,%s)", xw_ref(NULL, row, XW_COL_VAL, 0, 0).s,
                    xw_ref(NULL, row, IN_COL_ASIS, 0, 0).s);
    xw_in_changed(c, row, t);
}
