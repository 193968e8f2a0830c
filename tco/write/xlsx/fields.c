/* fields.c - the figures of the Summary, which the Checks repeat (fields.h):
 * each one's JSON name, label, unit, block heading and the engine's value. */
#include "write/xlsx/fields.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define NO_OFF ((size_t)-1)
#define R(f)   offsetof(tco_option_result, f)

/* The English headings of the blocks, by key. */
static const struct {
    const char *key, *english;
} groups[] = {
    {XW_KEY("summary.group.cost"), "Cost over the horizon"},
    {XW_KEY("summary.group.unit_costs"), "Unit costs"},
    {XW_KEY("summary.group.power"), "Power and book view"},
    {XW_KEY("summary.group.baseline"), "Against the baseline"},
    {XW_KEY("summary.group.ranking"), "Ranking"},
};

/* See fields.h. */
const xw_field xw_fields[XF_N] = {
    {"id", XW_KEY("summary.field.id"), "Option id (link to its cash flow)", XN_NONE, NULL, NO_OFF},
    {"acquire", XW_KEY("summary.field.acquire"), "Acquisition", XN_NONE, NULL, NO_OFF},
    {"count", XW_KEY("summary.field.count"), "GPUs", XN_INT, NULL, NO_OFF},
    {"utilization", XW_KEY("summary.field.utilization"), "Utilization", XN_PCT, NULL,
     R(utilization)},
    {"capex", XW_KEY("summary.field.capex"), "Capex, month 0", XN_MONEY, "summary.group.cost",
     R(capex)},
    {"power", XW_KEY("summary.field.power"), "Power", XN_MONEY, NULL, R(power)},
    {"cooling", XW_KEY("summary.field.cooling"), "Cooling", XN_MONEY, NULL, R(cooling)},
    {"facility", XW_KEY("summary.field.facility"), "Facility (colocation)", XN_MONEY, NULL,
     R(facility)},
    {"maintenance", XW_KEY("summary.field.maintenance"), "Maintenance", XN_MONEY, NULL,
     R(maintenance)},
    {"staff", XW_KEY("summary.field.staff"), "Staff", XN_MONEY, NULL, R(staff)},
    {"rental", XW_KEY("summary.field.rental"), "Rental", XN_MONEY, NULL, R(rental)},
    {"residual", XW_KEY("summary.field.residual"), "Less: residual value", XN_MONEY, NULL,
     R(residual)},
    {"total", XW_KEY("summary.field.total"), "Total cost of ownership", XN_MONEY, NULL, R(total)},
    {"npv", XW_KEY("summary.field.npv"), "Net present value of the cost", XN_MONEY, NULL, R(npv)},
    {"gpu_hours", XW_KEY("summary.field.gpu_hours"), "GPU-hours used", XN_INT,
     "summary.group.unit_costs", R(gpu_hours)},
    {"cost_per_gpu_hour", XW_KEY("summary.field.cost_per_gpu_hour"), "Cost per GPU-hour", XN_MONEY2,
     NULL, R(cost_per_gpu_hour)},
    {"cost_per_pflop_hour", XW_KEY("summary.field.cost_per_pflop_hour"),
     "Cost per PFLOP-hour (FP16 peak)", XN_MONEY_PF, NULL, R(cost_per_pflop_hour)},
    {"cost_per_unit", XW_KEY("summary.field.cost_per_unit"), "Cost per {unit}", XN_MONEY_UN, NULL,
     R(cost_per_unit)},
    {"units_per_s_per_kw", XW_KEY("summary.field.units_per_s_per_kw"),
     "Work rate ({unit}s per second per kW)", XN_DEC2, NULL, R(units_per_s_per_kw)},
    {"it_kw", XW_KEY("summary.field.it_kw"), "IT load", XN_DEC2, "summary.group.power", R(it_kw)},
    {"provisioned_kw", XW_KEY("summary.field.provisioned_kw"), "Provisioned power", XN_DEC2, NULL,
     R(provisioned_kw)},
    {"depreciation", XW_KEY("summary.field.depreciation"), "Depreciation over the horizon (book)",
     XN_MONEY, NULL, R(depreciation)},
    {"book_value_end", XW_KEY("summary.field.book_value_end"), "Book value at the end", XN_MONEY,
     NULL, R(book_value_end)},
    {"breakeven_month", XW_KEY("summary.field.breakeven_month"), "Break-even month", XN_INT,
     "summary.group.baseline", NO_OFF},
    {"breakeven_utilization", XW_KEY("summary.field.breakeven_utilization"),
     "Break-even utilization", XN_PCT, NULL, NO_OFF},
    {"rank", XW_KEY("summary.field.rank"), "Rank (1 = lowest total cost)", XN_INT,
     "summary.group.ranking", NO_OFF},
};

/* See fields.h. */
void xw_field_unit(xw_ctx *c, int fi, char *buf, size_t size)
{
    const char *cur = c->currency;
    switch (fi) {
    case XF_COUNT:
        snprintf(buf, size, "%s", xw_label(c, "unit.gpus", "GPUs"));
        break;
    case XF_UTIL:
    case XF_BEU:
        snprintf(buf, size, "%%");
        break;
    case XF_GPUH:
        snprintf(buf, size, "%s", xw_label(c, "unit.gpu_hours", "GPU-hours"));
        break;
    case XF_CPGH:
        xw_labelf(c, buf, size, "unit.money_per_gpu_hour", "{currency} per GPU-hour", "currency",
                  cur, NULL);
        break;
    case XF_CPPH:
        xw_labelf(c, buf, size, "unit.money_per_pflop_hour", "{currency} per PFLOP-hour",
                  "currency", cur, NULL);
        break;
    case XF_CPU:
        xw_labelf(c, buf, size, "unit.money_per_unit", "{currency} per {unit}", "currency", cur,
                  "unit", c->unit, NULL);
        break;
    case XF_UPSKW:
        snprintf(buf, size, "%s", xw_label(c, "unit.per_s_per_kw", "per s per kW"));
        break;
    case XF_ITKW:
    case XF_PROVKW:
        snprintf(buf, size, "%s", xw_label(c, "unit.kw", "kW"));
        break;
    case XF_BEM:
        snprintf(buf, size, "%s", xw_label(c, "unit.month", "month"));
        break;
    case XF_ID:
    case XF_ACQUIRE:
    case XF_RANK:
        buf[0] = '\0';
        break;
    default:
        snprintf(buf, size, "%s", cur);
        break;
    }
}

/* See fields.h. */
void xw_field_label(xw_ctx *c, int fi, char *buf, size_t size)
{
    xw_labelf(c, buf, size, xw_fields[fi].lkey, xw_fields[fi].label, "unit", c->unit, NULL);
}

/* See fields.h. */
const char *xw_group_label(xw_ctx *c, const char *key)
{
    for (size_t k = 0; k < sizeof groups / sizeof groups[0]; k++)
        if (strcmp(groups[k].key, key) == 0)
            return xw_label(c, key, groups[k].english);
    return key;
}

/* See fields.h. */
double xw_field_value(const tco_result *r, size_t i, int fi, const char **text)
{
    const tco_option_result *o = &r->options[i];
    double v = NAN;
    *text = NULL;
    if (xw_fields[fi].off != NO_OFF) {
        v = *(const double *)((const char *)o + xw_fields[fi].off);
    } else if (fi == XF_COUNT) {
        v = r->scenario->options[i].count;
    } else if (fi == XF_BEM || fi == XF_BEU) {
        v = fi == XF_BEM ? (o->breakeven_month > 0 ? o->breakeven_month : NAN)
                         : o->breakeven_utilization;
        if (!isfinite(v))
            *text = "none";
        return v;
    } else if (fi == XF_RANK) {
        for (size_t k = 0; k < r->n_options; k++)
            if (r->rank[k] == i)
                v = (double)(k + 1);
    }
    if (!isfinite(v))
        *text = "n/a";
    return v;
}

/* See fields.h. */
int xw_field_applies(const xw_ctx *c, size_t i, int fi)
{
    const xw_optsheet *L = &c->os[i];
    switch (fi) {
    case XF_RESIDUAL:
    case XF_UPSKW:
    case XF_ITKW:
    case XF_PROVKW:
    case XF_DEP:
    case XF_BV:
        return L->buy;
    case XF_BEM:
    case XF_BEU:
        return L->has_base;
    default:
        return 1;
    }
}
