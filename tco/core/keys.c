/* keys.c - the tables of scenario and option keys: spelling, type, range,
 * default, storage, and what the workbook and the sensitivity analysis do
 * with each key. Loaders, writers and analyses all read these tables, so a
 * key is described once.
 *
 * Each row is tied to its enum value by a designated initialiser, and each
 * table's length is checked against the enum's count, so a key added to the
 * enum without its row fails the build (a row left out in the middle is
 * caught by tests/unit/test_tables.c: its name is NULL). */
#include "tco.h"

#include <stddef.h>

#define S(f) offsetof(tco_scenario, f)
#define O(f) offsetof(tco_option, f)
#define MONEY_MAX 1e12 /* larger amounts are typing mistakes */

static const char *const acquire_names[] = {"buy", "rent", NULL};
static const char *const pricing_names[] = {"on-demand", "reserved", NULL};
static const char *const mode_names[] = {"training", "inference", NULL};
static const char *const depreciation_names[] = {
    "straight-line", "double-declining", "sum-of-years", "macrs-5", "macrs-7", NULL,
};

/* ===== [scenario], [site] and [workload] ===== */

/* sheet_name: the workbook's defined names (docs/WORKBOOK.md). driver: the
 * standard sensitivity drivers, numbered across both tables. */
static const tco_keydef scenario_keys[] = {
    [TCO_S_NAME] =
        {.name = "name", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = S(name), .unit_label = "", .label = "Scenario name"},
    [TCO_S_CURRENCY] =
        {.name = "currency", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = S(currency), .unit_label = "", .label = "Currency (ISO 4217)"},
    [TCO_S_HORIZON_MONTHS] =
        {.name = "horizon_months", .section = "scenario", .type = TCO_T_INT, .unit = TCO_U_MONTHS,
         .offset = S(horizon_months), .def = 36, .lo = 1, .hi = TCO_MAX_HORIZON,
         .unit_label = "months", .label = "Horizon", .sheet_name = "HorizonMonths"},
    [TCO_S_DISCOUNT_RATE] =
        {.name = "discount_rate", .section = "scenario", .type = TCO_T_NUMBER,
         .unit = TCO_U_FRACTION, .offset = S(discount_rate), .def = 0.08, .hi = 1,
         .unit_label = "per year", .label = "Discount rate", .sheet_name = "DiscountRate",
         .live = 1, .driver = 8},
    [TCO_S_HOURS_PER_MONTH] =
        {.name = "hours_per_month", .section = "scenario", .type = TCO_T_NUMBER,
         .unit = TCO_U_HOURS, .offset = S(hours_per_month), .def = 730, .lo = 1, .hi = 744,
         .unit_label = "hours", .label = "Hours per month", .sheet_name = "HoursPerMonth",
         .live = 1},
    [TCO_S_BASELINE] =
        {.name = "baseline", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = S(baseline), .unit_label = "", .label = "Baseline rent option"},
    [TCO_S_AS_OF] =
        {.name = "as_of", .section = "scenario", .type = TCO_T_DATE, .unit = TCO_U_NONE,
         .offset = S(as_of), .unit_label = "", .label = "Figures as of"},
    [TCO_S_AUTHOR] =
        {.name = "author", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = S(author), .unit_label = "", .label = "Author"},
    [TCO_S_COMPANY] =
        {.name = "company", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = S(company), .unit_label = "", .label = "Company"},
    [TCO_S_CATALOG] =
        {.name = "catalog", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = S(catalog_path), .unit_label = "", .label = "Price catalog"},
    [TCO_S_TEMPLATE] =
        {.name = "template", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = S(template_path), .unit_label = "", .label = "Workbook template"},
    [TCO_S_ELECTRICITY_PRICE] =
        {.name = "electricity_price", .section = "site", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY,
         .offset = S(electricity_price), .hi = MONEY_MAX, .unit_label = "per kWh",
         .label = "Electricity price", .sheet_name = "ElectricityPrice", .live = 1, .driver = 2},
    [TCO_S_ELECTRICITY_ESCALATION] =
        {.name = "electricity_escalation", .section = "site", .type = TCO_T_NUMBER,
         .unit = TCO_U_FRACTION, .offset = S(electricity_escalation), .hi = 1,
         .unit_label = "per year", .label = "Electricity price escalation",
         .sheet_name = "ElectricityEscalation", .live = 1},
    [TCO_S_PUE] =
        {.name = "pue", .section = "site", .type = TCO_T_NUMBER, .unit = TCO_U_RATIO,
         .offset = S(pue), .def = 1.5, .lo = 1, .hi = 3, .unit_label = "ratio",
         .label = "Power usage effectiveness", .sheet_name = "PUE", .live = 1, .driver = 3},
    [TCO_S_COLO_PER_KW_MONTH] =
        {.name = "colo_per_kw_month", .section = "site", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY,
         .offset = S(colo_per_kw_month), .hi = MONEY_MAX, .unit_label = "per kW-month",
         .label = "Colocation", .sheet_name = "ColoPerKwMonth", .live = 1},
    [TCO_S_UTILIZATION] =
        {.name = "utilization", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION,
         .offset = S(utilization), .def = 1, .hi = 1, .unit_label = "",
         .label = "Utilization (default for options)", .sheet_name = "WorkloadUtilization",
         .live = 1, .driver = 4},
    [TCO_S_UNIT] =
        {.name = "unit", .section = "workload", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = S(unit), .unit_label = "", .label = "Unit of work"},
    [TCO_S_MODEL_PARAMS] =
        {.name = "model_params", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE,
         .offset = S(model_params), .hi = 1e15, .unit_label = "parameters",
         .label = "Model parameters"},
    [TCO_S_MODE] =
        {.name = "mode", .section = "workload", .type = TCO_T_ENUM, .unit = TCO_U_NONE,
         .offset = S(mode), .names = mode_names, .unit_label = "", .label = "Mode"},
    [TCO_S_BYTES_PER_PARAM] =
        {.name = "bytes_per_param", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE,
         .offset = S(bytes_per_param), .def = 16, .lo = 0.125, .hi = 64, .unit_label = "bytes",
         .label = "Memory per parameter"},
    [TCO_S_ACTIVATION_OVERHEAD] =
        {.name = "activation_overhead", .section = "workload", .type = TCO_T_NUMBER,
         .unit = TCO_U_RATIO, .offset = S(activation_overhead), .def = 0.2, .hi = 10,
         .unit_label = "of weights", .label = "Activation memory overhead"},
    [TCO_S_TOKENS] =
        {.name = "tokens", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE,
         .offset = S(tokens), .hi = 1e18, .unit_label = "tokens", .label = "Training tokens"},
    [TCO_S_MFU] =
        {.name = "mfu", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION,
         .offset = S(mfu), .def = 0.4, .lo = 0.001, .hi = 1, .unit_label = "",
         .label = "Model FLOPs utilization"},
    [TCO_S_REQUESTS_PER_S] =
        {.name = "requests_per_s", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE,
         .offset = S(requests_per_s), .hi = 1e12, .unit_label = "requests/s",
         .label = "Requests to serve"},
    [TCO_S_TOKENS_PER_REQUEST] =
        {.name = "tokens_per_request", .section = "workload", .type = TCO_T_NUMBER,
         .unit = TCO_U_NONE, .offset = S(tokens_per_request), .hi = 1e9, .unit_label = "tokens",
         .label = "Tokens per request"},
    [TCO_S_STALE_AFTER_MONTHS] =
        {.name = "stale_after_months", .section = "scenario", .type = TCO_T_INT,
         .unit = TCO_U_MONTHS, .offset = S(stale_after_months), .def = 6, .lo = 1, .hi = 120,
         .unit_label = "months", .label = "Catalog prices stale after"},
    [TCO_S_INCLUDE] =
        {.name = "include", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = S(include), .unit_label = "", .label = "Included files"},
};
_Static_assert(sizeof scenario_keys / sizeof *scenario_keys == TCO_S_COUNT,
               "scenario_keys: one row per tco_skey");

/* ===== [option ID] ===== */

#define BUY TCO_APPLIES_BUY
#define RENT TCO_APPLIES_RENT

static const tco_keydef option_keys[] = {
    [TCO_O_LABEL] =
        {.name = "label", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = O(label), .unit_label = "", .label = "Label"},
    [TCO_O_ACQUIRE] =
        {.name = "acquire", .section = "option", .type = TCO_T_ENUM, .unit = TCO_U_NONE,
         .offset = O(acquire), .names = acquire_names, .unit_label = "", .label = "Acquire"},
    [TCO_O_GPU] =
        {.name = "gpu", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = O(gpu), .unit_label = "", .label = "GPU"},
    [TCO_O_COUNT_GPUS] =
        {.name = "count", .section = "option", .type = TCO_T_INT, .unit = TCO_U_COUNT,
         .offset = O(count), .lo = 1, .hi = 1000000, .unit_label = "GPUs", .label = "GPU count",
         .live = 1},
    [TCO_O_UTILIZATION] =
        {.name = "utilization", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION,
         .offset = O(utilization), .def = 1, .hi = 1, .unit_label = "", .label = "Utilization",
         .live = 1},
    [TCO_O_TDP_W] =
        {.name = "tdp_w", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_WATT,
         .offset = O(tdp_w), .hi = 100000, .unit_label = "W per GPU",
         .label = "GPU board power (TDP)", .live = 1},
    [TCO_O_FP16_TFLOPS] =
        {.name = "fp16_tflops", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_TFLOPS,
         .offset = O(fp16_tflops), .hi = 1e6, .unit_label = "TFLOPS",
         .label = "Dense FP16/BF16 peak", .live = 1},
    [TCO_O_MEMORY_GB] =
        {.name = "memory_gb", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_GB,
         .offset = O(memory_gb), .hi = 1e6, .unit_label = "GB", .label = "Memory per GPU"},
    [TCO_O_THROUGHPUT] =
        {.name = "throughput", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_RATE,
         .offset = O(throughput), .hi = 1e12, .unit_label = "units/s per GPU",
         .label = "Throughput", .live = 1},
    [TCO_O_SCALING_EFFICIENCY] =
        {.name = "scaling_efficiency", .section = "option", .type = TCO_T_NUMBER,
         .unit = TCO_U_FRACTION, .offset = O(scaling_efficiency), .def = 1, .hi = 1,
         .unit_label = "", .label = "Scaling efficiency", .live = 1},
    [TCO_O_GPU_PRICE] =
        {.name = "gpu_price", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY,
         .applies = BUY, .offset = O(gpu_price), .hi = MONEY_MAX, .unit_label = "per GPU",
         .label = "GPU price", .live = 1, .driver = 1},
    [TCO_O_GPUS_PER_SERVER] =
        {.name = "gpus_per_server", .section = "option", .type = TCO_T_INT, .unit = TCO_U_COUNT,
         .applies = BUY, .offset = O(gpus_per_server), .def = 8, .lo = 1, .hi = 1000,
         .unit_label = "GPUs", .label = "GPUs per server", .live = 1},
    [TCO_O_SERVER_PRICE] =
        {.name = "server_price", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY,
         .applies = BUY, .offset = O(server_price), .hi = MONEY_MAX, .unit_label = "per server",
         .label = "Server price (without GPUs)", .live = 1},
    [TCO_O_NETWORK_PRICE] =
        {.name = "network_price", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY,
         .applies = BUY, .offset = O(network_price), .hi = MONEY_MAX, .unit_label = "per server",
         .label = "Network price", .live = 1},
    [TCO_O_INSTALL_PRICE] =
        {.name = "install_price", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY,
         .applies = BUY, .offset = O(install_price), .hi = MONEY_MAX, .unit_label = "once",
         .label = "Installation", .live = 1},
    [TCO_O_SERVER_POWER_W] =
        {.name = "server_power_w", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_WATT,
         .applies = BUY, .offset = O(server_power_w), .hi = 1e6, .unit_label = "W per server",
         .label = "Server power (without GPUs)", .live = 1},
    [TCO_O_IDLE_POWER_FRACTION] =
        {.name = "idle_power_fraction", .section = "option", .type = TCO_T_NUMBER,
         .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(idle_power_fraction), .def = 0.12,
         .hi = 1, .unit_label = "of TDP", .label = "Idle power", .live = 1},
    [TCO_O_LOAD_POWER_FRACTION] =
        {.name = "load_power_fraction", .section = "option", .type = TCO_T_NUMBER,
         .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(load_power_fraction), .def = 0.90,
         .hi = 1, .unit_label = "of TDP", .label = "Load power", .live = 1},
    [TCO_O_MAINTENANCE_RATE] =
        {.name = "maintenance_rate", .section = "option", .type = TCO_T_NUMBER,
         .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(maintenance_rate), .hi = 1,
         .unit_label = "of capex per year", .label = "Maintenance", .live = 1, .driver = 9},
    [TCO_O_STAFF_PER_MONTH] =
        {.name = "staff_per_month", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY,
         .applies = BUY, .offset = O(staff_per_month), .hi = MONEY_MAX, .unit_label = "per month",
         .label = "Staff", .live = 1},
    [TCO_O_DEPRECIATION] =
        {.name = "depreciation", .section = "option", .type = TCO_T_ENUM, .unit = TCO_U_NONE,
         .applies = BUY, .offset = O(depreciation), .names = depreciation_names, .unit_label = "",
         .label = "Depreciation method"},
    [TCO_O_DEPRECIATION_YEARS] =
        {.name = "depreciation_years", .section = "option", .type = TCO_T_INT, .unit = TCO_U_YEARS,
         .applies = BUY, .offset = O(depreciation_years), .def = 3, .lo = 1, .hi = 10,
         .unit_label = "years", .label = "Depreciation life", .live = 1},
    [TCO_O_SALVAGE_FRACTION] =
        {.name = "salvage_fraction", .section = "option", .type = TCO_T_NUMBER,
         .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(salvage_fraction), .hi = 1,
         .unit_label = "of capex", .label = "Salvage value (book)", .live = 1},
    [TCO_O_RESALE_FRACTION] =
        {.name = "resale_fraction", .section = "option", .type = TCO_T_NUMBER,
         .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(resale_fraction), .hi = 1,
         .unit_label = "of hardware", .label = "Resale at end", .live = 1, .driver = 5},
    [TCO_O_RESALE_DECLINE] =
        {.name = "resale_decline", .section = "option", .type = TCO_T_NUMBER,
         .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(resale_decline), .hi = 1,
         .unit_label = "per year", .label = "Resale value decline", .live = 1},
    [TCO_O_PRICING] =
        {.name = "pricing", .section = "option", .type = TCO_T_ENUM, .unit = TCO_U_NONE,
         .applies = RENT, .offset = O(pricing), .names = pricing_names, .unit_label = "",
         .label = "Pricing"},
    [TCO_O_PRICE_PER_GPU_HOUR] =
        {.name = "price_per_gpu_hour", .section = "option", .type = TCO_T_NUMBER,
         .unit = TCO_U_MONEY, .applies = RENT, .offset = O(price_per_gpu_hour), .hi = MONEY_MAX,
         .unit_label = "per GPU-hour", .label = "Rental price", .live = 1, .driver = 6},
    [TCO_O_PRICE_DECLINE] =
        {.name = "price_decline", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION,
         .applies = RENT, .offset = O(price_decline), .hi = 1, .unit_label = "per year",
         .label = "Rental price decline", .live = 1, .driver = 7},
    [TCO_O_UPFRONT] =
        {.name = "upfront", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY,
         .applies = RENT, .offset = O(upfront), .hi = MONEY_MAX, .unit_label = "once",
         .label = "Upfront payment", .live = 1},
    [TCO_O_STORAGE_PER_MONTH] =
        {.name = "storage_per_month", .section = "option", .type = TCO_T_NUMBER,
         .unit = TCO_U_MONEY, .applies = RENT, .offset = O(storage_per_month), .hi = MONEY_MAX,
         .unit_label = "per month", .label = "Storage", .live = 1},
    [TCO_O_OFFER] =
        {.name = "offer", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .applies = RENT, .offset = O(offer), .unit_label = "", .label = "Cloud offer"},
    [TCO_O_BASE] =
        {.name = "base", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE,
         .offset = O(base), .unit_label = "", .label = "Inherits from"},
};
_Static_assert(sizeof option_keys / sizeof *option_keys == TCO_O_COUNT,
               "option_keys: one row per tco_okey");

/* See documentation in header file. */
const tco_keydef *tco_scenario_key(tco_skey key)
{
    return (unsigned)key < TCO_S_COUNT ? &scenario_keys[key] : NULL;
}

const tco_keydef *tco_option_key(tco_okey key)
{
    return (unsigned)key < TCO_O_COUNT ? &option_keys[key] : NULL;
}
