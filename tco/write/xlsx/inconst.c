/* inconst.c - the workbook's constants on Inputs (docs/WORKBOOK.md, Constants):
 * the numbers a formula would otherwise carry (months in a year, watts in a
 * kilowatt, tokens in a million ...), each once, in a fixed cell with its
 * defined name, which every formula reads in place of the number (the FAST
 * Standard and the ICAEW Financial Modelling Code: no constants in formulas).
 * They are definitions, not the scenario's inputs: `tco import` passes over
 * them, as over SecondsPerHour. */
#include "write/xlsx/sheets.h"
#include "write/xlsx/inputs.h"
#include "write/xlsx/cell.h"
#include "util/utf8.h"

#include <math.h>
#include <string.h>

/* One constant: its defined name, its label and unit (keys and English), its
 * value and its source (a definition, or the model's own choice). */
typedef struct {
    const char *name;        /* the defined name the formulas read */
    const char *key, *text;  /* its label: the template's key and the English */
    const char *ukey, *unit; /* its unit: likewise */
    double v;                /* the number */
    int model;               /* 1: the model's choice (MODEL.md), 0: a definition */
} in_const;

static const in_const consts[] = {
    {"MonthsPerYear", XW_KEY("inputs.const.months_per_year"), "Months per year",
     XW_KEY("unit.months"), "months", 12, 0},
    {"MonthsPerQuarter", XW_KEY("inputs.const.months_per_quarter"), "Months per quarter",
     XW_KEY("unit.months"), "months", 3, 0},
    {"DaysPerYear", XW_KEY("inputs.const.days_per_year"), "Days per year", XW_KEY("unit.days"),
     "days", 365, 0},
    {"HoursPerDay", XW_KEY("inputs.const.hours_per_day"), "Hours per day", XW_KEY("unit.hours"),
     "hours", 24, 0},
    {"MinutesPerHour", XW_KEY("inputs.const.minutes_per_hour"), "Minutes per hour",
     XW_KEY("unit.minutes"), "minutes", 60, 0},
    {"SecondsPerMinute", XW_KEY("inputs.const.seconds_per_minute"), "Seconds per minute",
     XW_KEY("unit.seconds"), "seconds", 60, 0},
    {"WattsPerKilowatt", XW_KEY("inputs.const.watts_per_kilowatt"), "Watts per kilowatt",
     XW_KEY("unit.w"), "W", 1000, 0},
    {"KilogramsPerTonne", XW_KEY("inputs.const.kilograms_per_tonne"), "Kilograms per tonne",
     XW_KEY("unit.kg"), "kg", 1000, 0},
    {"TokensPerMillion", XW_KEY("inputs.const.tokens_per_million"), "Tokens per million",
     XW_KEY("unit.tokens"), "tokens", 1e6, 0},
    {"TflopsPerPflops", XW_KEY("inputs.const.tflops_per_pflops"), "TFLOPS per PFLOPS",
     XW_KEY("unit.tflops"), "TFLOPS", 1000, 0},
    {"RequestsPerThousand", XW_KEY("inputs.const.requests_per_thousand"), "Requests per thousand",
     XW_KEY("unit.requests"), "requests", 1000, 0},
    {"BytesPerGigabyte", XW_KEY("inputs.const.bytes_per_gigabyte"), "Bytes per GB",
     XW_KEY("unit.bytes"), "bytes", 1e9, 0},
    {"RoundingDecimals", XW_KEY("inputs.const.rounding_decimals"),
     "Decimals kept before rounding to whole GPUs", XW_KEY("workload.k_dig_unit"), "decimals", 9,
     1},
    {"AvailabilityFloor", XW_KEY("inputs.const.availability_floor"),
     "Lowest availability of a plan's GPUs", XW_KEY("input.option.availability.unit"), "of hours",
     0.01, 1},
    {"MoneyCeiling", XW_KEY("inputs.const.money_ceiling"),
     "Largest amount an input takes (a larger one is a typing mistake)", XW_KEY("unit.money"),
     "{currency}", 1e12, 1},
    {"PueCeiling", XW_KEY("inputs.const.pue_ceiling"), "Largest PUE an input takes",
     XW_KEY("unit.factor"), "factor", 3, 1},
    {"IrrTolerance", XW_KEY("inputs.const.irr_tolerance"),
     "Tolerance of an IRR, of the flows' range", XW_KEY("unit.relative"), "relative", 1e-6, 1},
};

/* See inputs.h. */
int xw_in_constants(xw_ctx *c, int row)
{
    lxw_worksheet *ws = c->inputs;
    lxw_format *unit = xw_fmt(c, XS_UNIT, XN_NONE), *key = xw_fmt(c, XS_KEY, XN_NONE);
    char u[XW_TBUF];
    for (size_t k = 0; k < sizeof consts / sizeof *consts; k++, row++) {
        const in_const *q = &consts[k];
        xw_numfmt nf = q->v == (double)(long long)q->v ? XN_INT : q->v < 1e-3 ? XN_SCI : XN_PCT;
        xw_text(c, ws, row, 0, xw_label(c, q->key, q->text), NULL);
        xw_num(c, ws, row, XW_COL_VAL, q->v, xw_fmt(c, XS_FIXED, nf));
        xw_in_asis_num(c, row, q->v, 0);
        xw_text(c, ws, row, 3,
                xw_labelf(c, u, sizeof u, q->ukey, q->unit, "currency",
                          c->currency ? c->currency : "", NULL),
                unit);
        xw_text(c, ws, row, 4,
                q->model ? xw_label(c, "source.model", "the model's (MODEL.md)")
                         : xw_label(c, "source.definition", "definition"),
                key);
        xw_in_name(c, q->name, row, XW_COL_VAL);
    }
    /* The units of work the Summary's cost per unit is shown per, at the
     * terminal table's scale (MODEL.md, Unit costs for people): 1, 1,000, 1M ... */
    double per = tco_result_unit_scale(c->r).per;
    xw_text(c, ws, row, 0,
            xw_label(c, "inputs.const.unit_scale", "Units of work in the Summary's cost per unit"),
            NULL);
    xw_num(c, ws, row, XW_COL_VAL, per, xw_fmt(c, XS_FIXED, XN_INT));
    xw_in_asis_num(c, row, per, 0);
    xw_text(c, ws, row, 3, xw_label(c, "unit.units", "units"), unit);
    xw_text(c, ws, row, 4, xw_label(c, "source.unit_scale", "the Summary's scale"), key);
    xw_in_name(c, "UnitScale", row++, XW_COL_VAL);
    return row;
}

/* The value of constant `name` of the table. */
static double const_value(const char *name)
{
    for (size_t k = 0; k < sizeof consts / sizeof *consts; k++)
        if (strcmp(consts[k].name, name) == 0)
            return consts[k].v;
    return NAN;
}

/* See inputs.h. */
const char *xw_in_limit(const tco_keydef *kd, double v)
{
    if (kd->unit == TCO_U_MONEY && v == const_value("MoneyCeiling"))
        return "MoneyCeiling";
    if (strcmp(kd->name, "pue") == 0 && v == const_value("PueCeiling"))
        return "PueCeiling";
    return NULL;
}
