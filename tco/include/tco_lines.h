/* tco_lines.h - the cost lines of an option's months (docs/MODEL.md, Cost
 * lines), one entry a line. Included by tco.h; include that instead. */
#ifndef TCO_LINES_H
#define TCO_LINES_H

#ifdef __cplusplus
extern "C" {
#endif

/* Which options a cost line belongs to. */
typedef enum tco_line_kind {
    TCO_LINE_OWNED = 1, /* hardware the option buys or leases: a bought option's line, and
                           one of the lines a plan's owned part adds up */
    TCO_LINE_OWNED_U,   /* likewise, and it follows the utilization (a plan's owned part
                           interpolates it between its months at 0 and at 1) */
    TCO_LINE_RENTED,    /* a rent option's line */
    TCO_LINE_OWNED_EACH /* as TCO_LINE_OWNED, an amount a month whatever the GPUs: each
                           purchase a plan has in service pays it */
} tco_line_kind;

/* The cost lines, in the order every output writes them:
 *
 *   X(ID, name, kind, rate, summary label, budget label, sheet label)
 *
 * ID names the line in the tables built from this list (TCO_LINE_ID,
 * TCO_BUDGET_ID, ...). name is the line's double in tco_month and in
 * tco_option_result, its name in JSON and CSV, and the last part of its
 * template keys: summary.field.NAME (the Summary and the tables), budget.col.NAME
 * (the budget's column) and option.line.NAME (the row of the option and plan
 * sheets), whose English texts are the three labels. kind is a tco_line_kind.
 * rate is the option key (a tco_okey) of a line that is that rate of the
 * option's capex a year, paid monthly (capex * rate / 12), whose every figure,
 * formula and sensitivity follows from the list; TCO_LINE_NO_RATE for a line
 * computed in its own way (core/engine.c, write/xlsx/optrows.c).
 *
 * Every line is paid in the month it falls in, adds to the month's cost, the
 * total, the NPV and the budget, and is deductible against tax (MODEL.md).
 * Adding a line: docs/internals/README.md, "Adding a cost line". */
#define TCO_COST_LINES(X)                                                                          \
    X(POWER, power, TCO_LINE_OWNED_U, TCO_LINE_NO_RATE, "Power", "Power", "Power (IT load)")       \
    X(COOLING, cooling, TCO_LINE_OWNED_U, TCO_LINE_NO_RATE, "Cooling", "Cooling",                  \
      "Cooling (PUE overhead)")                                                                    \
    X(FACILITY, facility, TCO_LINE_OWNED, TCO_LINE_NO_RATE, "Facility (colocation)", "Facility",   \
      "Facility (colocation)")                                                                     \
    X(MAINTENANCE, maintenance, TCO_LINE_OWNED, TCO_O_MAINTENANCE_RATE, "Maintenance",             \
      "Maintenance", "Maintenance")                                                                \
    X(STAFF, staff, TCO_LINE_OWNED_EACH, TCO_LINE_NO_RATE, "Staff", "Staff", "Staff")              \
    X(RENTAL, rental, TCO_LINE_RENTED, TCO_LINE_NO_RATE, "Rental", "Rental", "Rental")

/* The rate of a line computed in its own way. */
#define TCO_LINE_NO_RATE (-1)

/* The lines' ids: TCO_LINE_POWER, ..., and their number, TCO_LINES. */
typedef enum tco_cost_line {
#define TCO_LINE_ID_(ID, ...) TCO_LINE_##ID,
    TCO_COST_LINES(TCO_LINE_ID_) /* TCO_LINE_POWER, ..., TCO_LINE_RENTAL */
#undef TCO_LINE_ID_
    TCO_LINES
} tco_cost_line;

/* The doubles of the lines, in a struct: one for each line, named as the line. */
#define TCO_LINE_FIELDS_(ID, name, ...) double name;
#define TCO_LINE_FIELDS                 TCO_COST_LINES(TCO_LINE_FIELDS_)

/* What the list says of one line. */
typedef struct tco_cost_line_info {
    const char *name; /* "power", ... */
    tco_line_kind kind;
    int rate; /* the tco_okey of its rate of capex a year, or TCO_LINE_NO_RATE */
    const char *summary_key, *summary_label; /* summary.field.NAME */
    const char *budget_key, *budget_label;   /* budget.col.NAME */
    const char *sheet_key, *sheet_label;     /* option.line.NAME */
} tco_cost_line_info;

/* The entry of `line`, or NULL out of range. */
const tco_cost_line_info *tco_cost_line_get(tco_cost_line line);

/* 1 when `line` is one of the lines of an option that is bought (buy 1) or
 * rented (buy 0), else 0. */
int tco_cost_line_of(tco_cost_line line, int buy);

/* The same of a line of kind `kind` (a tco_line_kind), for an expansion of the
 * list that decides it where the kind is known. */
#define TCO_LINE_KIND_OF(kind, buy) ((buy) ? (kind) != TCO_LINE_RENTED : (kind) == TCO_LINE_RENTED)

#ifdef __cplusplus
}
#endif

#endif /* TCO_LINES_H */
