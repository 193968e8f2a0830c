/* plan.h - what is decided before any sheet is written (plan.c), so that a
 * formula on any sheet can refer to a cell of any other. Not installed. */
#ifndef TCO_WRITE_XLSX_PLAN_H
#define TCO_WRITE_XLSX_PLAN_H

#include "write/xlsx/ctx.h"

#include <stddef.h>

/* 1 when rent option i of s has egress keys (given, from its catalog offer, or
 * named by a [sensitivity] range): its Inputs show them and its rental formula
 * reads them (MODEL.md, Egress). */
int xw_has_egress(const tco_scenario *s, size_t i);

/* The cash option i's sheet shows at month 0 (MODEL.md, Totals): the capex,
 * less what a loan lends; a lease's first payment (the engine's paid0). */
double xw_paid0(const xw_ctx *c, size_t i);
/* The tax depreciation method of option o (a tco_depreciation): [tax]
 * depreciation, else the option's own (MODEL.md, Taxes). */
int xw_tax_method(const tco_scenario *s, const tco_option *o);
/* Month m's deductible of option i (MODEL.md, Taxes), as the engine found it
 * (deductible0, then each month's deductible) and the option sheet's formulas
 * compute it: month 0's upfront of a rent option or first payment of a lease;
 * then the cost lines, a lease's payment, a loan's interest when deductible
 * and the tax depreciation. */
double xw_tax_deductible(const xw_ctx *c, size_t i, int m);
/* Option i's break-even utilization as the other sheets read it from its cash-flow
 * sheet: the figure when it lies from 0% to 100%, else the word of MODEL.md
 * (xw_be_word: always, never or parallel); in f. */
const char *xw_breakeven_formula(xw_ctx *c, char *f, size_t size, size_t i);
/* 1 when the Workload sheet's formulas read this input (global: a tco_skey, else a
 * tco_okey), so that Inputs styles it as an input. */
int xw_workload_input(const xw_ctx *c, int global, int key);
/* 1 when API option i of s has a max_tokens_per_minute, which formulas read:
 * the Summary's test of the option (MODEL.md, API options) and the sheet of a
 * plan whose overflow it is (An API as a plan's overflow), so that Inputs
 * styles it as an input. */
int xw_api_limit_read(const tco_scenario *s, size_t i);

#endif /* TCO_WRITE_XLSX_PLAN_H */
