/* fields.h - the per-option result fields: one row for each figure that the
 * JSON, the CSV summary, the Markdown table and the workbook's Summary show
 * for an option, in the order they show it. A new field is one enum value
 * here and one row in fields.c; every output then shows it where the row's
 * `outputs` say. The table is data only: no I/O, no formats.
 *
 * How each output reads the table (the rows that carry its TCI_OUT_ bit, in
 * table order):
 *   JSON      members of each object of "options": a text field as a JSON
 *             string (NULL as null), a number as the shortest text that
 *             reads back (tco_format_double; unknown as null). (write/json.c)
 *   CSV       the summary's columns: the header is the names, each row the
 *             values; text guarded against formula injection, numbers as
 *             the JSON's,
 *             unknown values empty. (write/csv.c)
 *   Markdown  columns headed md_head. The options are listed by rank, so the
 *             rank field opens each row and the others follow in table order.
 *             Money with thousands separators and 2 decimals (6 for the small
 *             costs per PFLOP-hour and per unit of work), fractions as a
 *             percentage with 1 decimal, whole numbers as they are, a flag
 *             yes or no, unknown values "n/a". (write/markdown.c)
 *   Summary   the workbook's Summary sheet, one row per field: the Figure
 *             column is the template's label_key (else `label`, with {unit}
 *             the unit of work), the Field column is `name`, the Unit column
 *             and the number format follow from `unit` (see tci_funit), a
 *             block heading (group_key, else `group`) goes above a row that
 *             has one, and an option the field does not apply to (`applies`)
 *             shows a dash. The workbook's formulas stay the workbook's: one
 *             per field. The Checks sheet compares the Summary's numeric rows
 *             (unit other than TCI_FU_TEXT) with tci_field_number.
 */
#ifndef TCO_CORE_FIELDS_H
#define TCO_CORE_FIELDS_H

#include "tco.h"

#include <stddef.h>

/* The fields, in table order. The cost lines are consecutive, in the order of
 * their list (TCO_COST_LINES): cost line `line` is field TCI_F_LINE(line). */
typedef enum tci_field_id {
    TCI_F_ID,
    TCI_F_LABEL,
    TCI_F_ACQUIRE,
    TCI_F_GPU,
    TCI_F_SITE,       /* the option's named site (MODEL.md, Sites) */
    TCI_F_COUNT_GPUS, /* the `count` field */
    TCI_F_UTILIZATION,
    TCI_F_CAPEX,
#define TCI_F_LINE_(ID, ...) TCI_F_##ID,
    TCO_COST_LINES(TCI_F_LINE_) /* TCI_F_POWER, ..., TCI_F_RENTAL */
#undef TCI_F_LINE_
    TCI_F_COMMITMENT, /* commitment_after_horizon */
    TCI_F_LOAN_AMOUNT,
    TCI_F_LOAN_PAYMENT,
    TCI_F_LOAN_INTEREST,
    TCI_F_LOAN_PRINCIPAL,
    TCI_F_LOAN_BALANCE, /* loan_balance_at_horizon */
    TCI_F_LEASE_PAYMENT,
    TCI_F_LEASE_PAYMENTS, /* paid within the horizon, month 0 included */
    TCI_F_LEASE_BUYOUT,
    TCI_F_RESIDUAL,
    TCI_F_TOTAL,
    TCI_F_NPV,
    TCI_F_GPU_HOURS,
    TCI_F_COST_PER_GPU_HOUR,
    TCI_F_COST_PER_PFLOP_HOUR,
    TCI_F_COST_PER_UNIT,
    TCI_F_UNITS_PER_S_PER_KW,
    TCI_F_IT_KW,
    TCI_F_PROVISIONED_KW,
    TCI_F_DEPRECIATION,
    TCI_F_BOOK_VALUE_END,
    TCI_F_BREAKEVEN_MONTH,
    TCI_F_BREAKEVEN_UTILIZATION,
    TCI_F_BREAKEVEN_NOTE, /* breakeven_utilization_note */
    TCI_F_IRR,
    TCI_F_MIRR,
    TCI_F_PAYBACK_MONTH,
    TCI_F_DISCOUNTED_PAYBACK_MONTH,
    TCI_F_IRR_NOTE,
    TCI_F_TAX0, /* taxes (MODEL.md, Taxes): TCI_F_TAX0..TCI_F_IRR_AFTER_TAX_NOTE */
    TCI_F_TAX_DEPRECIATION,
    TCI_F_TAX_BOOK_VALUE_END,
    TCI_F_TAX_ON_SALE,
    TCI_F_COMMITMENT_TAX,
    TCI_F_TAX,
    TCI_F_AFTER_TAX_TOTAL,
    TCI_F_AFTER_TAX_NPV,
    TCI_F_IRR_AFTER_TAX,
    TCI_F_MIRR_AFTER_TAX,
    TCI_F_PAYBACK_MONTH_AFTER_TAX,
    TCI_F_DISCOUNTED_PAYBACK_MONTH_AFTER_TAX,
    TCI_F_IRR_AFTER_TAX_NOTE,
    TCI_F_RANK,
    TCI_F_FEASIBLE,
    TCI_F_INFEASIBLE_REASON,
    TCI_F_POWER_CAP_KW, /* the site's power limit (MODEL.md) */
    TCI_F_COMPARE_TO,   /* lease against buy (MODEL.md): the twin, implied rate, NAL */
    TCI_F_IMPLIED_RATE,
    TCI_F_NAL_RATE,
    TCI_F_NAL,
    TCI_F_TAX_EXPENSING, /* tax depreciation by tax year (MODEL.md): section 179, bonus */
    TCI_F_TAX_BONUS,
    TCI_F_ELECTRICITY_KWH, /* carbon (MODEL.md, Carbon): TCI_F_ELECTRICITY_KWH..TCI_F_CARBON_COST */
    TCI_F_SCOPE2_LOCATION,
    TCI_F_SCOPE2_MARKET,
    TCI_F_SCOPE3_PURCHASED,
    TCI_F_SCOPE3_CAPITAL,
    TCI_F_TCO2E,
    TCI_F_TCO2E_PER_UNIT,
    TCI_F_TCO2E_PER_MILLION_TOKENS,
    TCI_F_TCO2E_PER_RUN,
    TCI_F_EMBODIED_TCO2E_PER_UNIT,
    TCI_F_EMBODIED_TCO2E_PER_MILLION_TOKENS,
    TCI_F_CARBON_COST,
    TCI_F_TOKENS_PER_MONTH,            /* API options (MODEL.md): the tokens an API option bills */
    TCI_F_API_COST_PER_MILLION_TOKENS, /* its total per million of them */
    TCI_F_BREAKEVEN_TOKENS_PER_DAY,    /* a self-hosted option against the first API option */
    TCI_F_BREAKEVEN_TOKENS_NOTE,       /* "never at this count", or null */
    TCI_F_COUNT
} tci_field_id;

/* The field of cost line `line` (a tco_cost_line), and the first after the lines. */
#define TCI_F_LINE(line) ((int)TCI_F_CAPEX + 1 + (line))
#define TCI_F_LINES_END  TCI_F_LINE(TCO_LINES)

/* Where a field's value is read. */
typedef enum tci_fsource {
    TCI_FROM_RESULT,             /* the double at `offset` in tco_option_result */
    TCI_FROM_ID,                 /* text: tco_option.id */
    TCI_FROM_LABEL,              /* text: tco_option.label */
    TCI_FROM_ACQUIRE,            /* text: "buy" or "rent" (the acquire key's spellings) */
    TCI_FROM_GPU,                /* text: tco_option.gpu, NULL when not given */
    TCI_FROM_SITE,               /* text: the name of a buy option's [site NAME], NULL
                                    at [site] and for a rent option */
    TCI_FROM_COUNT,              /* tco_option.count, GPUs */
    TCI_FROM_BREAKEVEN_MONTH,    /* tco_option_result.breakeven_month; unknown when 0 */
    TCI_FROM_BREAKEVEN_NOTE,     /* text: tco_breakeven_note_name of the result's note */
    TCI_FROM_IRR_NOTE,           /* text: tco_option_result.irr_note */
    TCI_FROM_IRR_AFTER_TAX_NOTE, /* text: tco_option_result.irr_after_tax_note */
    TCI_FROM_RANK,               /* 1 + the option's place in tco_result.rank */
    TCI_FROM_FEASIBLE,           /* 1 when tco_option_result.infeasible is 0, else 0 */
    TCI_FROM_INFEASIBLE,         /* text: tco_infeasible_reason(), NULL when feasible */
    TCI_FROM_COMPARE_TO,         /* text: the id of a lease's bought twin, or NULL */
    TCI_FROM_BREAKEVEN_TOKENS    /* text: "never at this count" when the option has no
                                    break-even in tokens a day within its capacity */
} tci_fsource;

/* What a field measures. Each output picks its number format and unit text
 * from this; the workbook's format and Unit column are given beside each. */
typedef enum tci_funit {
    TCI_FU_TEXT,                 /* not a number (XN_NONE; no unit) */
    TCI_FU_GPUS,                 /* a whole number of GPUs (XN_INT; "unit.gpus") */
    TCI_FU_FRACTION,             /* in [0,1], shown as a percentage (XN_PCT; "%") */
    TCI_FU_MONEY,                /* in the currency, whole units (XN_MONEY; the currency) */
    TCI_FU_MONEY_PER_GPU_HOUR,   /* with cents (XN_MONEY2; "unit.money_per_gpu_hour") */
    TCI_FU_MONEY_PER_PFLOP_HOUR, /* small: 3 significant digits (XN_MONEY_PF;
                                    "unit.money_per_pflop_hour") */
    TCI_FU_MONEY_PER_UNIT,       /* likewise (XN_MONEY_UN; "unit.money_per_unit") */
    TCI_FU_GPU_HOURS,            /* whole GPU-hours (XN_INT; "unit.gpu_hours") */
    TCI_FU_UNITS_PER_S_PER_KW,   /* units of work per second per kW (XN_DEC2;
                                    "unit.per_s_per_kw") */
    TCI_FU_KW,                   /* kW, 2 decimals (XN_DEC2; "unit.kw") */
    TCI_FU_MONTH,                /* a month, 0..H (XN_INT; "unit.month") */
    TCI_FU_RANK,                 /* 1 = lowest total (XN_INT; no unit) */
    TCI_FU_FLAG,                 /* 1 yes or 0 no: JSON true/false, CSV 1/0, Markdown
                                    yes/no (XN_FLAG: the number in words; no unit) */
    TCI_FU_KWH,                  /* whole kWh (XN_INT) */
    TCI_FU_TCO2E,                /* tonnes of CO2e, 3 decimals (XN_DEC2) */
    TCI_FU_TCO2E_PER_UNIT        /* small: 3 significant digits, as a cost per unit */
} tci_funit;

/* The outputs that show a field (bits of tci_field.outputs). */
enum {
    TCI_OUT_JSON = 1,   /* members of the JSON's option objects */
    TCI_OUT_CSV = 2,    /* columns of the CSV summary */
    TCI_OUT_MD = 4,     /* columns of the Markdown table */
    TCI_OUT_SUMMARY = 8 /* rows of the workbook's Summary sheet */
};

/* The options a field has a meaning for. */
typedef enum tci_fapplies {
    TCI_FA_ALL = 0,      /* every option */
    TCI_FA_BUY,          /* bought options (residual, power drawn, book view) */
    TCI_FA_BASELINE,     /* bought options when the scenario has a rent baseline */
    TCI_FA_TERM,         /* reserved rent options with a contract term (term_months), and
                            leased options: what they owe past the horizon */
    TCI_FA_LOAN,         /* bought options financed by a loan; every output leaves the field
                            out of a report whose scenario has no such option (tci_field_in) */
    TCI_FA_LEASE,        /* leased options; likewise left out without one */
    TCI_FA_TAX,          /* every option of a scenario with [tax]; every output leaves the
                            field out of a report whose scenario has none (tci_field_in) */
    TCI_FA_TAX_BASELINE, /* bought options when the scenario has a rent baseline; left
                           out likewise without [tax] */
    TCI_FA_SITE,         /* bought options at a named site; every output leaves the field out
                            of a report whose scenario has no [site NAME] (tci_field_in) */
    TCI_FA_POWER,        /* bought options; left out of a report whose scenario gives no
                            power_cap_kw (tco_scenario_power_capped) */
    TCI_FA_CARBON,       /* every option; left out of a report whose scenario has no
                            carbon figures (tco_scenario_carbon) */
    TCI_FA_CARBON_PRICE, /* likewise, and only when [scenario] carbon_price is above 0 */
    TCI_FA_CARBON_BUY,   /* bought options; left out as TCI_FA_CARBON */
    TCI_FA_CARBON_RENT,  /* rented and API options (purchased services); likewise */
    TCI_FA_API,          /* API options; left out of a report whose scenario has none */
    TCI_FA_SELF_HOSTED   /* bought and rented options; left out likewise */
} tci_fapplies;

/* One result field. */
typedef struct tci_field {
    const char *name;      /* JSON member, CSV column, the Summary's Field column */
    tci_fsource from;      /* where its value is read */
    size_t offset;         /* TCI_FROM_RESULT: of a double in tco_option_result */
    tci_funit unit;        /* TCI_FU_TEXT exactly for the text fields */
    tci_fapplies applies;  /* where it has a meaning; JSON and CSV write every field */
    unsigned outputs;      /* TCI_OUT_* bits */
    const char *label;     /* English label; {unit} is the scenario's unit of work */
    const char *label_key; /* the label's template key, "summary.field.NAME", or NULL
                              when the Summary does not show the field */
    const char *group_key; /* Summary: template key of the heading of the block
                              this field opens ("summary.group.cost"), or NULL */
    const char *group;     /* that heading in English, or NULL */
    const char *md_head;   /* Markdown column heading ({currency} is the currency),
                              or NULL when Markdown does not show the field */
} tci_field;

/* The words of a self-hosted option with no break-even against the API
 * within what it can serve (MODEL.md, API options). */
#define TCI_NEVER_AT_THIS_COUNT "never at this count"

/* The row of field `id`, or NULL when id is out of range. */
const tci_field *tci_field_get(tci_field_id id);

/* Plan figure k of plan i of res (0 <= k < the count of tco_plan_figure_name,
 * in its order: MODEL.md, Plans in a comparison), as the report's plan tables
 * show it: its name, label and kind, whether it is shown (a brief figure),
 * whether it applies (a tax figure only with [tax], the refresh month only with
 * a refresh), its number (NAN when it does not apply) or, for a part, the
 * option's id (NULL: no such part). */
typedef struct tci_plan_value {
    const char *name, *label;
    tco_figure_kind kind;
    int brief, tax, applies;
    double x;
    const char *text;
    int carbon; /* a carbon figure (MODEL.md, A plan's emissions) */
    int shown;  /* in res's report: a tax figure only with [tax], a carbon figure only
                   with carbon figures, the carbon cost only when priced too */
} tci_plan_value;
void tci_plan_figure(size_t k, const tco_result *res, size_t i, tci_plan_value *v);

/* 1 when the outputs of res carry field f: every field, but a loan field
 * (TCI_FA_LOAN) only when an option of res's scenario is financed by a loan, a
 * lease field (TCI_FA_LEASE) only when one is leased, a tax field
 * (TCI_FA_TAX, TCI_FA_TAX_BASELINE) only when the scenario has [tax], so that
 * a scenario without one is written as it was before. res may be NULL (0 for
 * a loan, lease or tax field). */
int tci_field_in(const tci_field *f, const tco_result *res);

/* The text of a text field for option i of res: the option's id, label, GPU
 * (NULL when not given), acquisition ("buy", "rent") or break-even
 * utilization note ("always", "never", "parallel"; NULL without one). NULL for a
 * number field. i < res->n_options. */
const char *tci_field_text(const tci_field *f, const tco_result *res, size_t i);

/* The value of a number field for option i of res; NAN when it is unknown
 * (as in the engine's results; a break-even month of 0, no rank) and for a
 * text field. i < res->n_options. */
double tci_field_number(const tci_field *f, const tco_result *res, size_t i);

/* 1 when field f has a meaning for option i of res (its `applies`); every
 * output but JSON and CSV shows a dash where it has none. */
int tci_field_applies(const tci_field *f, const tco_result *res, size_t i);

/* The word every output shows for a break-even or return field of option i
 * that has no number, where the field applies: "never" for the break-even
 * month and the payback months (after tax too), the note ("always", "never",
 * "parallel") for the break-even utilization, "none" for the IRR and the MIRR
 * (after tax too); NULL for any other field, or when the field has a number. */
const char *tci_field_word(const tci_field *f, const tco_result *res, size_t i);

#endif /* TCO_CORE_FIELDS_H */
