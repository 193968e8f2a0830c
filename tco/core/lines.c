/* lines.c - the cost lines' table (tco_lines.h), and their doubles in a month
 * and in a result read by line. */
#include "tco.h"

#include <stddef.h>

/* The entry of each line, built from TCO_COST_LINES. */
static const tco_cost_line_info lines[TCO_LINES] = {
#define LINE_INFO(ID, NAME, KIND, RATE, SUMMARY, BUDGET, SHEET)                                    \
    [TCO_LINE_##ID] = {.name = #NAME,                                                              \
                       .kind = KIND,                                                               \
                       .rate = RATE,                                                               \
                       .summary_key = "summary.field." #NAME,                                      \
                       .summary_label = SUMMARY,                                                   \
                       .budget_key = "budget.col." #NAME,                                          \
                       .budget_label = BUDGET,                                                     \
                       .sheet_key = "option.line." #NAME,                                          \
                       .sheet_label = SHEET},
    TCO_COST_LINES(LINE_INFO)
#undef LINE_INFO
};

/* Where each line's double is in a month and in a result. */
static const size_t month_at[TCO_LINES] = {
#define MONTH_AT(ID, name, ...) [TCO_LINE_##ID] = offsetof(tco_month, name),
    TCO_COST_LINES(MONTH_AT)
#undef MONTH_AT
};
static const size_t result_at[TCO_LINES] = {
#define RESULT_AT(ID, name, ...) [TCO_LINE_##ID] = offsetof(tco_option_result, name),
    TCO_COST_LINES(RESULT_AT)
#undef RESULT_AT
};

/* See tco_lines.h. */
const tco_cost_line_info *tco_cost_line_get(tco_cost_line line)
{
    return (unsigned)line < TCO_LINES ? &lines[line] : NULL;
}

/* See tco_lines.h. */
int tco_cost_line_of(tco_cost_line line, int buy)
{
    if ((unsigned)line >= TCO_LINES)
        return 0;
    return TCO_LINE_KIND_OF(lines[line].kind, buy);
}

/* See tco.h. */
double tco_month_line(const tco_month *mo, tco_cost_line line)
{
    return (unsigned)line < TCO_LINES ? *(const double *)((const char *)mo + month_at[line]) : 0;
}

/* See tco.h. */
double tco_option_line(const tco_option_result *r, tco_cost_line line)
{
    return (unsigned)line < TCO_LINES ? *(const double *)((const char *)r + result_at[line]) : 0;
}

/* See tco.h. */
double tco_month_lines_add(double from, const tco_month *mo)
{
#define ADD(ID, name, ...) from += mo->name;
    TCO_COST_LINES(ADD)
#undef ADD
    return from;
}

/* See tco.h. */
double tco_option_lines_add(double from, const tco_option_result *r)
{
#define ADD(ID, name, ...) from += r->name;
    TCO_COST_LINES(ADD)
#undef ADD
    return from;
}
