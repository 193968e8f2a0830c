/* tco_keys.h - the keys of a scenario (docs/MODEL.md): the choices they take,
 * their ids (tco_skey, tco_okey), what the key table says of each
 * (tco_keydef: spelling, type, unit, range, default, place, what the workbook
 * and the analyses do with it), and where a value came from. Included by
 * tco.h; include that instead. */
#ifndef TCO_KEYS_H
#define TCO_KEYS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How an option is had (`acquire`): bought, rented by the GPU-hour, or a hosted
 * model's API paid by the token (MODEL.md, API options). */
typedef enum tco_acquire { TCO_BUY = 0, TCO_RENT, TCO_API } tco_acquire;
/* How a rent option is priced (`pricing`): on demand, reserved for a term, or
 * interruptible (spot): priced as on demand, its GPU-hours scaled by the hours
 * lost to preemption (MODEL.md, Spot capacity). */
typedef enum tco_pricing { TCO_ON_DEMAND = 0, TCO_RESERVED, TCO_SPOT } tco_pricing;

/* What a reserved rent option pays after its term (`after_term`): a new term
 * at the same rate, its upfront paid again, or the on-demand rate. */
typedef enum tco_after_term { TCO_AFTER_RENEW = 0, TCO_AFTER_ON_DEMAND } tco_after_term;
/* How a bought option is paid for (`financing`): in cash at month 0, in part
 * with a loan repaid in level monthly payments, or leased (MODEL.md, Financing). */
typedef enum tco_financing { TCO_FIN_CASH = 0, TCO_FIN_LOAN, TCO_FIN_LEASE } tco_financing;
/* What happens at a lease's end (`lease_end`): the hardware goes back, or is
 * bought for buyout_fraction of capex. */
typedef enum tco_lease_end { TCO_LEASE_RETURN = 0, TCO_LEASE_BUYOUT } tco_lease_end;
/* The lessee's standard for a lease's statements (`lease_accounting`; MODEL.md,
 * Statements by fiscal year): IFRS 16, ASC 842 operating or ASC 842 finance. */
typedef enum tco_lease_accounting {
    TCO_LEASE_IFRS16 = 0,
    TCO_LEASE_ASC842_OPERATING,
    TCO_LEASE_ASC842_FINANCE
} tco_lease_accounting;
/* What orders the ranking (`[scenario] rank_by`; MODEL.md, Taxes). */
typedef enum tco_rank_by { TCO_RANK_TOTAL = 0, TCO_RANK_NPV, TCO_RANK_AFTER_TAX_NPV } tco_rank_by;
typedef enum tco_depreciation {
    TCO_DEP_STRAIGHT_LINE = 0,
    TCO_DEP_DOUBLE_DECLINING,
    TCO_DEP_SUM_OF_YEARS,
    TCO_DEP_MACRS5,
    TCO_DEP_MACRS7
} tco_depreciation;

/* Keys of [scenario], [site] and [workload], in table order. */
typedef enum tco_skey {
    TCO_S_NAME,
    TCO_S_CURRENCY,
    TCO_S_HORIZON_MONTHS,
    TCO_S_DISCOUNT_RATE,
    TCO_S_HOURS_PER_MONTH,
    TCO_S_BASELINE,
    TCO_S_AS_OF,
    TCO_S_AUTHOR,
    TCO_S_COMPANY,
    TCO_S_CATALOG,
    TCO_S_TEMPLATE,
    TCO_S_ELECTRICITY_PRICE,
    TCO_S_ELECTRICITY_ESCALATION,
    TCO_S_PUE,
    TCO_S_COLO_PER_KW_MONTH,
    TCO_S_UTILIZATION,
    TCO_S_UNIT,
    TCO_S_MODEL_PARAMS,
    TCO_S_MODE,
    TCO_S_BYTES_PER_PARAM,
    TCO_S_ACTIVATION_OVERHEAD,
    TCO_S_TOKENS,
    TCO_S_MFU,
    TCO_S_REQUESTS_PER_S,
    TCO_S_TOKENS_PER_REQUEST,
    TCO_S_STALE_AFTER_MONTHS,
    TCO_S_START,             /* fiscal years: the calendar month of month 1 */
    TCO_S_FISCAL_YEAR_START, /* the calendar month a fiscal year begins */
    TCO_S_INCLUDE,
    TCO_S_RANK_BY,              /* [scenario] rank_by */
    TCO_S_TAX_RATE,             /* [tax] rate */
    TCO_S_TAX_DEPRECIATION,     /* [tax] depreciation */
    TCO_S_TAX_DEDUCT_INTEREST,  /* [tax] deduct_interest */
    TCO_S_TAX_EXPENSE_LIMIT,    /* [tax] expense_limit */
    TCO_S_TAX_EXPENSE_PHASEOUT, /* [tax] expense_phaseout */
    TCO_S_TAX_BONUS_FRACTION,   /* [tax] bonus_fraction */
    TCO_S_POWER_CAP_KW,         /* [site] power_cap_kw: not one of the site keys above,
                                   for a named site does not inherit it (tco_site) */

    /* Carbon (MODEL.md, Carbon). */
    TCO_S_GRID_KGCO2E_PER_KWH,   /* [site] grid_kgco2e_per_kwh: location-based; a named
                                    site's own pair with the next (tco_site.carbon) */
    TCO_S_MARKET_KGCO2E_PER_KWH, /* [site] market_kgco2e_per_kwh: market-based */
    TCO_S_CARBON_PRICE,          /* [scenario] carbon_price: per tCO2e */

    /* API options (MODEL.md, API options). */
    TCO_S_INPUT_TOKENS_PER_REQUEST,  /* [workload]: a request's prompt tokens (API options) */
    TCO_S_OUTPUT_TOKENS_PER_REQUEST, /* ... and its generated tokens */

    TCO_S_CARBON_IN_TOTAL, /* [scenario] carbon_in_total: the carbon cost in the total
                              (MODEL.md, The carbon cost in the total) */
    TCO_S_COUNT
} tco_skey;

typedef enum tco_mode { TCO_TRAINING = 0, TCO_INFERENCE } tco_mode;

/* Keys of an [option ID] section, in table order. */
typedef enum tco_okey {
    TCO_O_LABEL,
    TCO_O_ACQUIRE,
    TCO_O_GPU,
    TCO_O_COUNT_GPUS, /* the `count` key */
    TCO_O_UTILIZATION,
    TCO_O_TDP_W,
    TCO_O_FP16_TFLOPS,
    TCO_O_MEMORY_GB,
    TCO_O_THROUGHPUT,
    TCO_O_SCALING_EFFICIENCY,
    TCO_O_GPU_PRICE,
    TCO_O_GPUS_PER_SERVER,
    TCO_O_SERVER_PRICE,
    TCO_O_NETWORK_PRICE,
    TCO_O_INSTALL_PRICE,
    TCO_O_SERVER_POWER_W,
    TCO_O_IDLE_POWER_FRACTION,
    TCO_O_LOAD_POWER_FRACTION,
    TCO_O_MAINTENANCE_RATE,
    TCO_O_STAFF_PER_MONTH,
    TCO_O_DEPRECIATION,
    TCO_O_DEPRECIATION_YEARS,
    TCO_O_SALVAGE_FRACTION,
    TCO_O_RESALE_FRACTION,
    TCO_O_RESALE_DECLINE,
    TCO_O_FINANCING,     /* cash or loan */
    TCO_O_LOAN_FRACTION, /* with financing = loan: the share of capex lent */
    TCO_O_LOAN_RATE,     /* annual, nominal */
    TCO_O_LOAN_MONTHS,
    TCO_O_LEASE_PAYMENT,     /* with financing = lease: per month, the whole option */
    TCO_O_LEASE_RATE_FACTOR, /* or a fraction of capex per month */
    TCO_O_LEASE_MONTHS,
    TCO_O_LEASE_END,       /* return or buyout */
    TCO_O_BUYOUT_FRACTION, /* of capex, with lease_end = buyout */
    TCO_O_PRICING,
    TCO_O_PRICE_PER_GPU_HOUR,
    TCO_O_PRICE_DECLINE,
    TCO_O_UPFRONT,
    TCO_O_STORAGE_PER_MONTH,
    TCO_O_TERM_MONTHS,                  /* a reserved option's contract term */
    TCO_O_AFTER_TERM,                   /* renew or on-demand after the term */
    TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR, /* the rate after the term, on demand */
    TCO_O_OFFER,
    TCO_O_BASE,                  /* inherit the keys of another option */
    TCO_O_SITE,                  /* a buy option's [site NAME] */
    TCO_O_EGRESS_TB_PER_MONTH,   /* data sent out of the provider, TB a month */
    TCO_O_EGRESS_PER_TB,         /* the provider's price of a TB sent out */
    TCO_O_INTERRUPTION_OVERHEAD, /* spot: the fraction of paid hours lost */
    TCO_O_AVAILABILITY,          /* goodput in plans: the fraction of hours delivered */
    TCO_O_FAILURE_RATE,          /* or failures per GPU-year ... */
    TCO_O_REPAIR_DAYS,           /* ... and days each repair takes */
    TCO_O_LEASE_ACCOUNTING,      /* a lease's standard in the statements */
    TCO_O_LEASE_DISCOUNT_RATE,   /* the lessee's incremental borrowing rate: the statements'
                                    rate when the lease's own is unknown, and the cost of
                                    debt of lease against buy */
    TCO_O_COMPARE_TO,            /* a lease's bought twin (MODEL.md, Lease against buy) */
    TCO_O_OFFER_GPU,             /* offer = cheapest: the GPU of the offers compared */
    TCO_O_OFFER_PRICING,         /* ... their pricing, */
    TCO_O_OFFER_PROVIDER,        /* ... provider, */
    TCO_O_OFFER_REGION,          /* ... region */
    TCO_O_OFFER_MIN_GPUS,        /* ... and the least GPUs of an instance */

    /* Carbon (MODEL.md, Carbon). */
    TCO_O_KGCO2E_PER_GPU_HOUR,             /* rent: a GPU-hour's emissions */
    TCO_O_EMBODIED_KGCO2E,                 /* buy: a GPU's embodied emissions */
    TCO_O_SERVER_EMBODIED_KGCO2E,          /* buy: a server's embodied emissions */
    TCO_O_PRICE_PER_MILLION_INPUT_TOKENS,  /* API options (MODEL.md, API options) */
    TCO_O_PRICE_PER_MILLION_OUTPUT_TOKENS, /* ... */
    TCO_O_PRICE_PER_MILLION_CACHED_TOKENS, /* ... an input token served from the cache */
    TCO_O_CACHED_FRACTION,                 /* ... of input tokens served from the cache */
    TCO_O_MAX_TOKENS_PER_MINUTE,           /* ... the rate limit, 0 = none */
    TCO_O_KGCO2E_PER_MILLION_TOKENS,       /* ... 1M tokens' emissions (MODEL.md, Carbon) */
    TCO_O_COUNT
} tco_okey;

typedef enum tco_ktype {
    TCO_T_STRING, /* char * */
    TCO_T_NUMBER, /* double */
    TCO_T_INT,    /* int */
    TCO_T_ENUM,   /* int, one of the names in `names` */
    TCO_T_DATE,   /* char *, YYYY-MM-DD */
    TCO_T_MONTH   /* char *, YYYY-MM: a calendar month */
} tco_ktype;

/* Which option kinds a key applies to. */
typedef enum tco_kapplies {
    TCO_APPLIES_ALL = 0,
    TCO_APPLIES_BUY,
    TCO_APPLIES_RENT,
    TCO_APPLIES_API /* API options only (price_decline, a rent key, applies to them too) */
} tco_kapplies;

/* How a key's value is measured; drives validation and number formats. */
typedef enum tco_kunit {
    TCO_U_NONE,     /* text, enumerations */
    TCO_U_MONEY,    /* in the scenario's currency, >= 0 */
    TCO_U_FRACTION, /* in [0,1], shown as a percentage */
    TCO_U_COUNT,    /* a whole number */
    TCO_U_WATT,
    TCO_U_TFLOPS,
    TCO_U_GB,
    TCO_U_YEARS,
    TCO_U_MONTHS,
    TCO_U_HOURS,
    TCO_U_RATIO, /* a plain positive number (PUE) */
    TCO_U_RATE   /* units of work per second */
} tco_kunit;

/* How one unit of a key moves an option's total over the horizon: the
 * coefficient the workbook's Sensitivity sheet multiplies a change of the key
 * by (MODEL.md, Sensitivity; write/xlsx/sensmodel.c writes each kind's
 * formula for a bought and for a rented option). A cost line's rate of capex
 * a year takes its kind from the cost lines' list (tco_lines.h), not from here. */
typedef enum tco_ksens {
    TCO_SENS_NONE = 0,       /* no linear coefficient: the sheet shows no swing of it */
    TCO_SENS_GPUS_RESOLD,    /* capital per GPU, resold at the end (gpu_price) */
    TCO_SENS_SERVERS_RESOLD, /* capital per server, resold at the end */
    TCO_SENS_ONCE,           /* capital paid once, not resold (install_price) */
    TCO_SENS_MONTHLY,        /* an amount a month (staff, storage) */
    TCO_SENS_RESALE,         /* the fraction of the capex resold */
    TCO_SENS_UTILIZATION,    /* the utilization: the total's slope in it */
    TCO_SENS_GPU_POWER,      /* a GPU's power (tdp_w): energy and colocation */
    TCO_SENS_SERVER_POWER,   /* a server's power: energy and colocation */
    TCO_SENS_IDLE_POWER,     /* the idle share of a GPU's power */
    TCO_SENS_LOAD_POWER,     /* the loaded share of a GPU's power */
    TCO_SENS_ENERGY_PRICE,   /* the price of a kWh, escalated yearly */
    TCO_SENS_PUE,            /* the PUE: the energy's cooling overhead */
    TCO_SENS_HOURS,          /* the hours of a month: energy or rented hours */
    TCO_SENS_COLO,           /* colocation per provisioned kW a month */
    TCO_SENS_GPU_HOUR,       /* a rented GPU-hour's price */
    TCO_SENS_AFTER_TERM,     /* the on-demand GPU-hour after a reserved term */
    TCO_SENS_EGRESS,         /* one factor of the egress (TB a month, price a TB) */
    TCO_SENS_UPFRONT,        /* a reserved term's upfront payment */
    TCO_SENS_ESCALATION,     /* the electricity price's yearly escalation (not linear) */
    TCO_SENS_PRICE_DECLINE,  /* the rental price's yearly decline (not linear) */
    TCO_SENS_RESALE_DECLINE, /* the hardware's yearly loss of value (not linear) */
    TCO_SENS_INTERRUPTION    /* the share of spot hours lost (not linear) */
} tco_ksens;

/* One key: its spelling, type, range and default, where it is stored, and
 * what the workbook and the analyses do with it. Every fact about a key is a
 * member here, so that adding a key is adding one row to a table. */
typedef struct tco_keydef {
    const char *name;    /* spelling in the INI */
    const char *section; /* "scenario", "site", "workload", "tax" or "option" */
    tco_ktype type;
    tco_kunit unit;
    tco_kapplies applies;     /* for option keys */
    size_t offset;            /* offset in tco_scenario or tco_option */
    double def;               /* default for numbers, ints and enums */
    double lo, hi;            /* inclusive range for numbers and ints */
    const char *const *names; /* enumeration spellings, NULL-terminated */
    const char *unit_label;   /* short unit for people ("W", "per kWh"), or "" */
    const char *label;        /* short description for people */
    const char *sheet_name;   /* a global key: the workbook's defined name of its
                                 input cell ("ElectricityPrice"), or NULL */
    int live;                 /* 1 when the workbook's formulas always read this
                                 input (styled as an input, editable); 0 when it
                                 is shown for the record. The [workload] sizing
                                 keys are read only when a model is sized, which
                                 the workbook decides from the scenario. */
    int driver;               /* 0: not a standard sensitivity driver; k >= 1: the
                                 k-th standard driver of tco_analyze. Drivers are
                                 numbered 1..n without gaps across both tables; the
                                 [workload] utilization drives each option's
                                 utilization in effect (tco_option_utilization). */
    int no_total;             /* 1: a change of it moves no option's total, only the
                                 NPV, the book view or the workload's sizing (the
                                 Sensitivity sheet's swing of the total is 0) */
    double plausible_lo;      /* a number written below it is likely a mistake: a
                                 warning at its line (0: no lower bound) */
    double plausible_hi;      /* ... and above it (0: no upper bound) */
    const char *implausible;  /* the warning's question: what was likely meant
                                 ("per kWh, not cents?") */
    tco_ksens sens;           /* how a unit of it moves a total (Sensitivity sheet) */
} tco_keydef;

/* The key tables, indexed by tco_skey and tco_okey (every value below
 * TCO_S_COUNT and TCO_O_COUNT has its row); NULL out of range. */
const tco_keydef *tco_scenario_key(tco_skey key);
const tco_keydef *tco_option_key(tco_okey key);

/* Where an input value came from. */
typedef enum tco_source {
    TCO_SRC_DEFAULT = 0, /* the documented default */
    TCO_SRC_INI,         /* written in the scenario (key_line says where) */
    TCO_SRC_DERIVED,     /* computed from other inputs */
    TCO_SRC_CATALOG      /* from the option's catalog GPU or offer */
} tco_source;

#ifdef __cplusplus
}
#endif

#endif /* TCO_KEYS_H */
