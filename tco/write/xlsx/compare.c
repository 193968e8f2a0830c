/* compare.c - the workbook of a comparison of two scenarios (tco_compare):
 * static values, like a report's appendix, with two formulas per figure. */
#include "tco.h"
#include "util/utf8.h"
#include "write/xlsx/book.h"

#include <math.h>
#include <stdio.h>
#include <time.h>
#include <xlsxwriter.h>

/* The sheet "Inputs": key, A, B. */
static void inputs_sheet(lxw_workbook *wb, const tco_comparison *c, lxw_format *bold)
{
    lxw_worksheet *in = workbook_add_worksheet(wb, "Inputs");
    worksheet_set_column(in, 0, 0, 40, NULL);
    worksheet_set_column(in, 1, 2, 24, NULL);
    worksheet_write_string(in, 0, 0, "Key", bold);
    worksheet_write_string(in, 0, 1, "A", bold);
    worksheet_write_string(in, 0, 2, "B", bold);
    for (size_t i = 0; i < c->n_inputs; i++) {
        worksheet_write_string(in, (lxw_row_t)(i + 1), 0, c->inputs[i].key, NULL);
        worksheet_write_string(in, (lxw_row_t)(i + 1), 1, c->inputs[i].a, NULL);
        worksheet_write_string(in, (lxw_row_t)(i + 1), 2, c->inputs[i].b, NULL);
    }
}

/* The sheet "Figures": option, figure, A, B, B - A and the change, one row
 * per figure of an option both scenarios have, one row for any other. */
static void figures_sheet(lxw_workbook *wb, const tco_comparison *c, lxw_format *bold,
                          lxw_format *money, lxw_format *pct)
{
    lxw_worksheet *fg = workbook_add_worksheet(wb, "Figures");
    worksheet_set_column(fg, 0, 1, 24, NULL);
    worksheet_set_column(fg, 2, 5, 16, NULL);
    static const char *const head[] = {"Option", "Figure", "A", "B", "B - A", "Change"};
    for (int k = 0; k < 6; k++)
        worksheet_write_string(fg, 0, (lxw_col_t)k, head[k], bold);
    worksheet_freeze_panes(fg, 1, 0);
    lxw_row_t row = 1;
    for (size_t i = 0; i < c->n_options; i++) {
        const tco_option_diff *o = &c->options[i];
        if (!o->in_a || !o->in_b) {
            worksheet_write_string(fg, row, 0, o->id, NULL);
            worksheet_write_string(fg, row++, 1, o->in_a ? "only in A" : "only in B", NULL);
            continue;
        }
        for (int k = 0; k < TCO_CMP_COUNT; k++, row++) {
            const tco_figure_diff *f = &o->figures[k];
            worksheet_write_string(fg, row, 0, o->id, NULL);
            worksheet_write_string(fg, row, 1, tco_compare_figure_name((tco_cmp_figure)k), NULL);
            if (isnan(f->a))
                worksheet_write_string(fg, row, 2, "n/a", NULL);
            else
                worksheet_write_number(fg, row, 2, f->a, money);
            if (isnan(f->b))
                worksheet_write_string(fg, row, 3, "n/a", NULL);
            else
                worksheet_write_number(fg, row, 3, f->b, money);
            if (isnan(f->a) || isnan(f->b))
                continue;
            char formula[96];
            tci_utf8_format(formula, sizeof formula, "=D%u-C%u", row + 1, row + 1);
            worksheet_write_formula_num(fg, row, 4, formula, money, f->delta);
            tci_utf8_format(formula, sizeof formula, "=IF(C%u=0,\"\",(D%u-C%u)/ABS(C%u))", row + 1,
                            row + 1, row + 1, row + 1);
            if (f->a != 0)
                worksheet_write_formula_num(fg, row, 5, formula, pct, f->change);
            else
                worksheet_write_formula_str(fg, row, 5, formula, pct, "");
        }
    }
}

/* See documentation in tco.h. */
tco_status tco_compare_write_xlsx(const tco_comparison *c, const char *path, long long created,
                                  tco_diags *d)
{
    if (!c || !path)
        return TCO_ERR_ARG;
    const char *strings[] = {c->a->name, c->b->name, c->a->file, c->b->file};
    for (size_t i = 0; i < 4; i++)
        if (!tci_utf8_valid(strings[i])) {
            tco_diags_add(d, TCO_SEV_ERROR, path, 0, NULL, "invalid UTF-8 in a scenario name");
            return TCO_ERR_INPUT;
        }
    xw_book book;
    tco_status st = xw_book_open(&book, path, 0, d);
    if (st != TCO_OK)
        return st;
    lxw_workbook *wb = book.wb;
    lxw_doc_properties props = {.title = "tco comparison",
                                .subject = "Inputs and figures of two scenarios"};
    props.created = (time_t)(created >= 0 ? created : 0);
    workbook_set_properties(wb, &props);
    lxw_format *bold = workbook_add_format(wb);
    format_set_bold(bold);
    lxw_format *money = workbook_add_format(wb);
    format_set_num_format(money, "#,##0.00;[Red]-#,##0.00");
    lxw_format *pct = workbook_add_format(wb);
    format_set_num_format(pct, "0.00%");
    inputs_sheet(wb, c, bold);
    figures_sheet(wb, c, bold, money, pct);
    lxw_error err = xw_book_close(&book);
    if (err)
        tco_diags_add(d, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      lxw_strerror(err));
    return xw_book_commit(&book, !err, d);
}
