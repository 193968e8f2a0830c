/* keys.c - the tables of scenario and option keys: spelling, type, range,
 * default, storage, and what the workbook and the sensitivity analysis do
 * with each key. Loaders, writers and analyses all read these tables, so a
 * key is described once.
 *
 * plausible_lo, plausible_hi: a number written outside them is likely a
 * mistake (a price in cents, in thousands), which the loader warns about at
 * its line; the bounds are in the scenario's currency.
 *
 * Each row is tied to its enum value by a designated initialiser, and each
 * table's length is checked against the enum's count, so a key added to the
 * enum without its row fails the build (a row left out in the middle is
 * caught by tests/unit/test_tables.c: its name is NULL). */
#include "core/core.h"

#include <stddef.h>

#define S(f)      offsetof(tco_scenario, f)
#define O(f)      offsetof(tco_option, f)
#define MONEY_MAX 1e12 /* larger amounts are typing mistakes */

static const char *const acquire_names[] = {"buy", "rent", "api", NULL};
static const char *const pricing_names[] = {"on-demand", "reserved", "spot", NULL};
static const char *const after_term_names[] = {"renew", "on-demand", NULL};
static const char *const financing_names[] = {"cash", "loan", "lease", NULL};
static const char *const lease_end_names[] = {"return", "buyout", NULL};
static const char *const lease_accounting_names[] = {"ifrs16", "asc842-operating", "asc842-finance",
                                                     NULL};
static const char *const mode_names[] = {"training", "inference", NULL};
static const char *const rank_by_names[] = {"total", "npv", "after_tax_npv", NULL};
static const char *const no_yes_names[] = {"no", "yes", NULL};
static const char *const depreciation_names[] = {
    "straight-line", "double-declining", "sum-of-years", "macrs-5", "macrs-7", NULL,
};

/* ===== [scenario], [site] and [workload] ===== */

/* sheet_name: the workbook's defined names (docs/WORKBOOK.md). driver: the
 * standard sensitivity drivers, numbered across both tables. */
/* clang-format off */
static const tco_keydef scenario_keys[] = {
    [TCO_S_NAME] = {.name = "name", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = S(name), .unit_label = "", .label = "Scenario name"},
    [TCO_S_CURRENCY] = {.name = "currency", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = S(currency), .unit_label = "", .label = "Currency (ISO 4217)"},
    [TCO_S_HORIZON_MONTHS] = {.name = "horizon_months", .section = "scenario", .type = TCO_T_INT, .unit = TCO_U_MONTHS, .offset = S(horizon_months), .def = 36, .lo = 1, .hi = TCO_MAX_HORIZON, .unit_label = "months", .label = "Horizon", .sheet_name = "HorizonMonths"},
    [TCO_S_DISCOUNT_RATE] = {.name = "discount_rate", .section = "scenario", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .offset = S(discount_rate), .def = 0.08, .hi = 1, .unit_label = "per year", .label = "Discount rate", .sheet_name = "DiscountRate", .live = 1, .driver = 8, .no_total = 1},
    [TCO_S_HOURS_PER_MONTH] = {.name = "hours_per_month", .section = "scenario", .type = TCO_T_NUMBER, .unit = TCO_U_HOURS, .offset = S(hours_per_month), .def = 730, .lo = 1, .hi = 744, .unit_label = "hours", .label = "Hours per month", .sheet_name = "HoursPerMonth", .live = 1, .sens = TCO_SENS_HOURS},
    [TCO_S_BASELINE] = {.name = "baseline", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = S(baseline), .unit_label = "", .label = "Baseline rent option"},
    [TCO_S_AS_OF] = {.name = "as_of", .section = "scenario", .type = TCO_T_DATE, .unit = TCO_U_NONE, .offset = S(as_of), .unit_label = "", .label = "Figures as of"},
    [TCO_S_AUTHOR] = {.name = "author", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = S(author), .unit_label = "", .label = "Author"},
    [TCO_S_COMPANY] = {.name = "company", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = S(company), .unit_label = "", .label = "Company"},
    [TCO_S_CATALOG] = {.name = "catalog", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = S(catalog_path), .unit_label = "", .label = "Price catalog"},
    [TCO_S_TEMPLATE] = {.name = "template", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = S(template_path), .unit_label = "", .label = "Workbook template"},
    [TCO_S_ELECTRICITY_PRICE] = {.name = "electricity_price", .section = "site", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .offset = S(electricity_price), .hi = MONEY_MAX, .unit_label = "per kWh", .label = "Electricity price", .sheet_name = "ElectricityPrice", .live = 1, .driver = 2, .plausible_hi = 1, .implausible = "per kWh, not cents?", .sens = TCO_SENS_ENERGY_PRICE},
    [TCO_S_ELECTRICITY_ESCALATION] = {.name = "electricity_escalation", .section = "site", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .offset = S(electricity_escalation), .hi = 1, .unit_label = "per year", .label = "Electricity price escalation", .sheet_name = "ElectricityEscalation", .live = 1, .sens = TCO_SENS_ESCALATION},
    [TCO_S_PUE] = {.name = "pue", .section = "site", .type = TCO_T_NUMBER, .unit = TCO_U_RATIO, .offset = S(pue), .def = 1.5, .lo = 1, .hi = 3, .unit_label = "ratio", .label = "Power usage effectiveness", .sheet_name = "PUE", .live = 1, .driver = 3, .sens = TCO_SENS_PUE},
    [TCO_S_COLO_PER_KW_MONTH] = {.name = "colo_per_kw_month", .section = "site", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .offset = S(colo_per_kw_month), .hi = MONEY_MAX, .unit_label = "per kW-month", .label = "Colocation", .sheet_name = "ColoPerKwMonth", .live = 1, .sens = TCO_SENS_COLO},
    [TCO_S_UTILIZATION] = {.name = "utilization", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .offset = S(utilization), .def = 1, .hi = 1, .unit_label = "", .label = "Utilization (default for options)", .sheet_name = "WorkloadUtilization", .live = 1, .driver = 4, .sens = TCO_SENS_UTILIZATION},
    [TCO_S_UNIT] = {.name = "unit", .section = "workload", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = S(unit), .unit_label = "", .label = "Unit of work"},
    [TCO_S_MODEL_PARAMS] = {.name = "model_params", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = S(model_params), .hi = 1e15, .unit_label = "parameters", .label = "Model parameters", .no_total = 1},
    [TCO_S_MODE] = {.name = "mode", .section = "workload", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .offset = S(mode), .names = mode_names, .unit_label = "", .label = "Mode"},
    [TCO_S_BYTES_PER_PARAM] = {.name = "bytes_per_param", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = S(bytes_per_param), .def = 16, .lo = 0.125, .hi = 64, .unit_label = "bytes", .label = "Memory per parameter", .no_total = 1},
    [TCO_S_ACTIVATION_OVERHEAD] = {.name = "activation_overhead", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_RATIO, .offset = S(activation_overhead), .def = 0.2, .hi = 10, .unit_label = "of weights", .label = "Activation memory overhead", .no_total = 1},
    [TCO_S_TOKENS] = {.name = "tokens", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = S(tokens), .hi = 1e18, .unit_label = "tokens", .label = "Training tokens", .no_total = 1},
    [TCO_S_MFU] = {.name = "mfu", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .offset = S(mfu), .def = 0.4, .lo = 0.001, .hi = 1, .unit_label = "", .label = "Model FLOPs utilization", .no_total = 1},
    [TCO_S_REQUESTS_PER_S] = {.name = "requests_per_s", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = S(requests_per_s), .hi = 1e12, .unit_label = "requests/s", .label = "Requests to serve", .no_total = 1},
    [TCO_S_TOKENS_PER_REQUEST] = {.name = "tokens_per_request", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = S(tokens_per_request), .hi = 1e9, .unit_label = "tokens", .label = "Tokens per request", .no_total = 1},
    [TCO_S_STALE_AFTER_MONTHS] = {.name = "stale_after_months", .section = "scenario", .type = TCO_T_INT, .unit = TCO_U_MONTHS, .offset = S(stale_after_months), .def = 6, .lo = 1, .hi = 120, .unit_label = "months", .label = "Catalog prices stale after"},
    [TCO_S_START] = {.name = "start", .section = "scenario", .type = TCO_T_MONTH, .unit = TCO_U_NONE, .offset = S(start), .unit_label = "", .label = "First month of operation", .sheet_name = "StartMonth", .live = 1},
    [TCO_S_FISCAL_YEAR_START] = {.name = "fiscal_year_start", .section = "scenario", .type = TCO_T_INT, .unit = TCO_U_NONE, .offset = S(fiscal_year_start), .def = 1, .lo = 1, .hi = 12, .unit_label = "month", .label = "Fiscal year begins in month", .sheet_name = "FiscalYearStart", .live = 1},
    [TCO_S_INCLUDE] = {.name = "include", .section = "scenario", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = S(include), .unit_label = "", .label = "Included files"},
    /* Taxes and the ranking (MODEL.md, Taxes). */
    [TCO_S_RANK_BY] = {.name = "rank_by", .section = "scenario", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .offset = S(rank_by), .names = rank_by_names, .unit_label = "", .label = "Rank options by"},
    [TCO_S_TAX_RATE] = {.name = "rate", .section = "tax", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .offset = S(tax_rate), .hi = 1, .unit_label = "of taxable income", .label = "Income-tax rate", .sheet_name = "TaxRate", .live = 1},
    [TCO_S_TAX_DEPRECIATION] = {.name = "depreciation", .section = "tax", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .offset = S(tax_depreciation), .def = -1, /* each option's own method */ .names = depreciation_names, .unit_label = "", .label = "Tax depreciation method"},
    [TCO_S_TAX_DEDUCT_INTEREST] = {.name = "deduct_interest", .section = "tax", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .offset = S(deduct_interest), .def = 1, .names = no_yes_names, .unit_label = "", .label = "Loan interest deductible", .sheet_name = "TaxDeductInterest", .live = 1},
    [TCO_S_TAX_EXPENSE_LIMIT] = {.name = "expense_limit", .section = "tax", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .offset = S(tax_expense_limit), .hi = MONEY_MAX, .unit_label = "per tax year", .label = "Section 179 expensing limit", .sheet_name = "TaxExpenseLimit", .live = 1},
    [TCO_S_TAX_EXPENSE_PHASEOUT] = {.name = "expense_phaseout", .section = "tax", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .offset = S(tax_expense_phaseout), .def = MONEY_MAX, /* none */ .hi = MONEY_MAX, .unit_label = "of basis placed in service", .label = "Section 179 phase-out threshold", .sheet_name = "TaxExpensePhaseout", .live = 1},
    [TCO_S_TAX_BONUS_FRACTION] = {.name = "bonus_fraction", .section = "tax", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .offset = S(tax_bonus_fraction), .hi = 1, .unit_label = "of the basis after section 179", .label = "Bonus depreciation", .sheet_name = "TaxBonusFraction", .live = 1},
    [TCO_S_POWER_CAP_KW] = {.name = "power_cap_kw", .section = "site", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = S(power_cap_kw), .hi = 1e7, .unit_label = "kW", .label = "Power limit (IT load)", .sheet_name = "PowerCapKw", .live = 1, .no_total = 1},
    [TCO_S_GRID_KGCO2E_PER_KWH] = {.name = "grid_kgco2e_per_kwh", .section = "site", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = S(grid_kgco2e_per_kwh), .hi = 5, .unit_label = "kgCO2e per kWh", .label = "Grid carbon intensity (location-based)", .sheet_name = "GridKgco2ePerKwh", .live = 1, .no_total = 1, .plausible_hi = 1.5, .implausible = "kgCO2e per kWh, not grams?"},
    [TCO_S_MARKET_KGCO2E_PER_KWH] = {.name = "market_kgco2e_per_kwh", .section = "site", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = S(market_kgco2e_per_kwh), .hi = 5, .unit_label = "kgCO2e per kWh", .label = "Contracted carbon intensity (market-based)", .sheet_name = "MarketKgco2ePerKwh", .live = 1, .no_total = 1, .plausible_hi = 1.5, .implausible = "kgCO2e per kWh, not grams?"},
    [TCO_S_CARBON_PRICE] = {.name = "carbon_price", .section = "scenario", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .offset = S(carbon_price), .hi = MONEY_MAX, .unit_label = "per tCO2e", .label = "Carbon price", .sheet_name = "CarbonPrice", .live = 1, .no_total = 1, .plausible_hi = 2000, .implausible = "per tonne, not per kg?"},
    [TCO_S_INPUT_TOKENS_PER_REQUEST] = {.name = "input_tokens_per_request", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = S(input_tokens_per_request), .hi = 1e9, .unit_label = "tokens", .label = "Input tokens per request"},
    [TCO_S_OUTPUT_TOKENS_PER_REQUEST] = {.name = "output_tokens_per_request", .section = "workload", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = S(output_tokens_per_request), .hi = 1e9, .unit_label = "tokens", .label = "Output tokens per request"},
    [TCO_S_CARBON_IN_TOTAL] = {.name = "carbon_in_total", .section = "scenario", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .offset = S(carbon_in_total), .names = no_yes_names, .unit_label = "", .label = "Carbon cost in the total"},
};
/* clang-format on */
_Static_assert(sizeof scenario_keys / sizeof *scenario_keys == TCO_S_COUNT,
               "scenario_keys: one row per tco_skey");

/* ===== [option ID] ===== */

#define BUY  TCO_APPLIES_BUY
#define RENT TCO_APPLIES_RENT

/* clang-format off */
static const tco_keydef option_keys[] = {
    [TCO_O_LABEL] = {.name = "label", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = O(label), .unit_label = "", .label = "Label"},
    [TCO_O_ACQUIRE] = {.name = "acquire", .section = "option", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .offset = O(acquire), .names = acquire_names, .unit_label = "", .label = "Acquire"},
    [TCO_O_GPU] = {.name = "gpu", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = O(gpu), .unit_label = "", .label = "GPU"},
    [TCO_O_COUNT_GPUS] = {.name = "count", .section = "option", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = O(count), .lo = 1, .hi = 1000000, .unit_label = "GPUs", .label = "GPU count", .live = 1},
    [TCO_O_UTILIZATION] = {.name = "utilization", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .offset = O(utilization), .def = 1, .hi = 1, .unit_label = "", .label = "Utilization", .live = 1, .sens = TCO_SENS_UTILIZATION},
    [TCO_O_TDP_W] = {.name = "tdp_w", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_WATT, .offset = O(tdp_w), .hi = 100000, .unit_label = "W per GPU", .label = "GPU board power (TDP)", .live = 1, .sens = TCO_SENS_GPU_POWER},
    [TCO_O_FP16_TFLOPS] = {.name = "fp16_tflops", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_TFLOPS, .offset = O(fp16_tflops), .hi = 1e6, .unit_label = "TFLOPS", .label = "Dense FP16/BF16 peak", .live = 1, .no_total = 1},
    [TCO_O_MEMORY_GB] = {.name = "memory_gb", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_GB, .offset = O(memory_gb), .hi = 1e6, .unit_label = "GB", .label = "Memory per GPU", .no_total = 1},
    [TCO_O_THROUGHPUT] = {.name = "throughput", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_RATE, .offset = O(throughput), .hi = 1e12, .unit_label = "units/s per GPU", .label = "Throughput", .live = 1, .no_total = 1},
    [TCO_O_SCALING_EFFICIENCY] = {.name = "scaling_efficiency", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .offset = O(scaling_efficiency), .def = 1, .hi = 1, .unit_label = "", .label = "Scaling efficiency", .live = 1, .no_total = 1},
    [TCO_O_GPU_PRICE] = {.name = "gpu_price", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = BUY, .offset = O(gpu_price), .hi = MONEY_MAX, .unit_label = "per GPU", .label = "GPU price", .live = 1, .driver = 1, .plausible_lo = 100, .implausible = "not in thousands?", .sens = TCO_SENS_GPUS_RESOLD},
    [TCO_O_GPUS_PER_SERVER] = {.name = "gpus_per_server", .section = "option", .type = TCO_T_INT, .unit = TCO_U_COUNT, .applies = BUY, .offset = O(gpus_per_server), .def = 8, .lo = 1, .hi = 1000, .unit_label = "GPUs", .label = "GPUs per server", .live = 1},
    [TCO_O_SERVER_PRICE] = {.name = "server_price", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = BUY, .offset = O(server_price), .hi = MONEY_MAX, .unit_label = "per server", .label = "Server price (without GPUs)", .live = 1, .sens = TCO_SENS_SERVERS_RESOLD},
    [TCO_O_NETWORK_PRICE] = {.name = "network_price", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = BUY, .offset = O(network_price), .hi = MONEY_MAX, .unit_label = "per server", .label = "Network price", .live = 1, .sens = TCO_SENS_SERVERS_RESOLD},
    [TCO_O_INSTALL_PRICE] = {.name = "install_price", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = BUY, .offset = O(install_price), .hi = MONEY_MAX, .unit_label = "once", .label = "Installation", .live = 1, .sens = TCO_SENS_ONCE},
    [TCO_O_SERVER_POWER_W] = {.name = "server_power_w", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_WATT, .applies = BUY, .offset = O(server_power_w), .hi = 1e6, .unit_label = "W per server", .label = "Server power (without GPUs)", .live = 1, .sens = TCO_SENS_SERVER_POWER},
    [TCO_O_IDLE_POWER_FRACTION] = {.name = "idle_power_fraction", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(idle_power_fraction), .def = 0.12, .hi = 1, .unit_label = "of TDP", .label = "Idle power", .live = 1, .sens = TCO_SENS_IDLE_POWER},
    [TCO_O_LOAD_POWER_FRACTION] = {.name = "load_power_fraction", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(load_power_fraction), .def = 0.90, .hi = 1, .unit_label = "of TDP", .label = "Load power", .live = 1, .sens = TCO_SENS_LOAD_POWER},
    [TCO_O_MAINTENANCE_RATE] = {.name = "maintenance_rate", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(maintenance_rate), .hi = 1, .unit_label = "of capex per year", .label = "Maintenance", .live = 1, .driver = 9},
    [TCO_O_STAFF_PER_MONTH] = {.name = "staff_per_month", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = BUY, .offset = O(staff_per_month), .hi = MONEY_MAX, .unit_label = "per month", .label = "Staff", .live = 1, .sens = TCO_SENS_MONTHLY},
    [TCO_O_DEPRECIATION] = {.name = "depreciation", .section = "option", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .applies = BUY, .offset = O(depreciation), .names = depreciation_names, .unit_label = "", .label = "Depreciation method"},
    [TCO_O_DEPRECIATION_YEARS] = {.name = "depreciation_years", .section = "option", .type = TCO_T_INT, .unit = TCO_U_YEARS, .applies = BUY, .offset = O(depreciation_years), .def = 3, .lo = 1, .hi = 10, .unit_label = "years", .label = "Depreciation life", .live = 1},
    [TCO_O_SALVAGE_FRACTION] = {.name = "salvage_fraction", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(salvage_fraction), .hi = 1, .unit_label = "of capex", .label = "Salvage value (book)", .live = 1, .no_total = 1},
    [TCO_O_RESALE_FRACTION] = {.name = "resale_fraction", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(resale_fraction), .hi = 1, .unit_label = "of hardware", .label = "Resale at end", .live = 1, .driver = 5, .sens = TCO_SENS_RESALE},
    [TCO_O_RESALE_DECLINE] = {.name = "resale_decline", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(resale_decline), .hi = 1, .unit_label = "per year", .label = "Resale value decline", .live = 1, .sens = TCO_SENS_RESALE_DECLINE},
    [TCO_O_FINANCING] = {.name = "financing", .section = "option", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .applies = BUY, .offset = O(financing), .names = financing_names, .unit_label = "", .label = "Financing"},
    [TCO_O_LOAN_FRACTION] = {.name = "loan_fraction", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(loan_fraction), .def = 1, .hi = 1, .unit_label = "of capex", .label = "Share of capex lent", .live = 1},
    [TCO_O_LOAN_RATE] = {.name = "loan_rate", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(loan_rate), .hi = 1, .unit_label = "per year", .label = "Loan interest rate (nominal)", .live = 1},
    [TCO_O_LOAN_MONTHS] = {.name = "loan_months", .section = "option", .type = TCO_T_INT, .unit = TCO_U_MONTHS, .applies = BUY, .offset = O(loan_months), .lo = 1, .hi = 360, .unit_label = "months", .label = "Loan term", .live = 1},
    [TCO_O_LEASE_PAYMENT] = {.name = "lease_payment", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = BUY, .offset = O(lease_payment), .hi = MONEY_MAX, .unit_label = "per month", .label = "Lease payment", .live = 1},
    [TCO_O_LEASE_RATE_FACTOR] = {.name = "lease_rate_factor", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(lease_rate_factor), .hi = 1, .unit_label = "of capex per month", .label = "Lease rate factor", .live = 1},
    [TCO_O_LEASE_MONTHS] = {.name = "lease_months", .section = "option", .type = TCO_T_INT, .unit = TCO_U_MONTHS, .applies = BUY, .offset = O(lease_months), .lo = 1, .hi = 360, .unit_label = "months", .label = "Lease term", .live = 1},
    [TCO_O_LEASE_END] = {.name = "lease_end", .section = "option", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .applies = BUY, .offset = O(lease_end), .names = lease_end_names, .unit_label = "", .label = "At the lease's end"},
    [TCO_O_BUYOUT_FRACTION] = {.name = "buyout_fraction", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(buyout_fraction), .hi = 1, .unit_label = "of capex", .label = "Buyout price", .live = 1},
    [TCO_O_PRICING] = {.name = "pricing", .section = "option", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .applies = RENT, .offset = O(pricing), .names = pricing_names, .unit_label = "", .label = "Pricing"},
    [TCO_O_PRICE_PER_GPU_HOUR] = {.name = "price_per_gpu_hour", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = RENT, .offset = O(price_per_gpu_hour), .hi = MONEY_MAX, .unit_label = "per GPU-hour", .label = "Rental price", .live = 1, .driver = 6, .sens = TCO_SENS_GPU_HOUR},
    [TCO_O_PRICE_DECLINE] = {.name = "price_decline", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = RENT, .offset = O(price_decline), .hi = 1, .unit_label = "per year", .label = "Rental price decline", .live = 1, .driver = 7, .sens = TCO_SENS_PRICE_DECLINE},
    [TCO_O_UPFRONT] = {.name = "upfront", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = RENT, .offset = O(upfront), .hi = MONEY_MAX, .unit_label = "once", .label = "Upfront payment", .live = 1, .sens = TCO_SENS_UPFRONT},
    [TCO_O_STORAGE_PER_MONTH] = {.name = "storage_per_month", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = RENT, .offset = O(storage_per_month), .hi = MONEY_MAX, .unit_label = "per month", .label = "Storage", .live = 1, .sens = TCO_SENS_MONTHLY},
    [TCO_O_TERM_MONTHS] = {.name = "term_months", .section = "option", .type = TCO_T_INT, .unit = TCO_U_MONTHS, .applies = RENT, .offset = O(term_months), .lo = 1, .hi = TCO_MAX_HORIZON, .unit_label = "months", .label = "Contract term (reserved)", .live = 1},
    [TCO_O_AFTER_TERM] = {.name = "after_term", .section = "option", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .applies = RENT, .offset = O(after_term), .names = after_term_names, .unit_label = "", .label = "After the term"},
    [TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR] = {.name = "on_demand_price_per_gpu_hour", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = RENT, .offset = O(on_demand_price_per_gpu_hour), .hi = MONEY_MAX, .unit_label = "per GPU-hour", .label = "On-demand price after the term", .live = 1, .sens = TCO_SENS_AFTER_TERM},
    [TCO_O_OFFER] = {.name = "offer", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE, .applies = RENT, .offset = O(offer), .unit_label = "", .label = "Cloud offer"},
    [TCO_O_BASE] = {.name = "base", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = O(base), .unit_label = "", .label = "Inherits from"},
    [TCO_O_SITE] = {.name = "site", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE, .applies = TCO_APPLIES_BUY, .offset = O(site), .unit_label = "", .label = "Site"},
    /* Charges besides the GPU-hour (MODEL.md, Egress and spot capacity). */
    [TCO_O_EGRESS_TB_PER_MONTH] = {.name = "egress_tb_per_month", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_RATIO, .applies = RENT, .offset = O(egress_tb_per_month), .hi = 1e9, .unit_label = "TB per month", .label = "Data sent out (egress)", .live = 1, .sens = TCO_SENS_EGRESS},
    [TCO_O_EGRESS_PER_TB] = {.name = "egress_per_tb", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = RENT, .offset = O(egress_per_tb), .hi = MONEY_MAX, .unit_label = "per TB", .label = "Egress price", .live = 1, .sens = TCO_SENS_EGRESS},
    [TCO_O_INTERRUPTION_OVERHEAD] = {.name = "interruption_overhead", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = RENT, .offset = O(interruption_overhead), .hi = 0.99, /* below 1: MODEL.md, Spot capacity */ .unit_label = "of paid hours", .label = "Hours lost to preemption (spot)", .live = 1, .sens = TCO_SENS_INTERRUPTION},
    /* Goodput (MODEL.md, Goodput): read by plans only (the Plan sheets'
     * availability drivers). */
    [TCO_O_AVAILABILITY] = {.name = "availability", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .offset = O(availability), .def = 1, .lo = 0.01, /* a fleet that delivers something */ .hi = 1, .unit_label = "of hours", .label = "Availability (plans)", .live = 1},
    [TCO_O_FAILURE_RATE] = {.name = "failure_rate", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_RATIO, .offset = O(failure_rate), .hi = 100, .unit_label = "per GPU-year", .label = "Failures (plans)", .live = 1},
    [TCO_O_REPAIR_DAYS] = {.name = "repair_days", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_RATIO, .offset = O(repair_days), .hi = 365, .unit_label = "days", .label = "Days per repair (plans)", .live = 1},
    /* A lease's statements (MODEL.md, Statements by fiscal year) and lease against buy
     * (MODEL.md, Lease against buy): the lessee's borrowing rate, the bought twin. */
    [TCO_O_LEASE_ACCOUNTING] = {.name = "lease_accounting", .section = "option", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .applies = BUY, .offset = O(lease_accounting), .names = lease_accounting_names, .unit_label = "", .label = "Lease accounting"},
    [TCO_O_LEASE_DISCOUNT_RATE] = {.name = "lease_discount_rate", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = BUY, .offset = O(lease_discount_rate), .hi = 1, .unit_label = "per year", .label = "Lessee's borrowing rate", .live = 1},
    [TCO_O_COMPARE_TO] = {.name = "compare_to", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE, .applies = TCO_APPLIES_BUY, .offset = O(compare_to), .unit_label = "", .label = "Lease compared with"},
    /* offer = cheapest (MODEL.md, The cheapest offer): the filters of the offers compared. */
    [TCO_O_OFFER_GPU] = {.name = "offer_gpu", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE, .applies = RENT, .offset = O(offer_gpu), .unit_label = "", .label = "Cheapest offer: GPU"},
    [TCO_O_OFFER_PRICING] = {.name = "offer_pricing", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE, .applies = RENT, .offset = O(offer_pricing), .unit_label = "", .label = "Cheapest offer: pricing"},
    [TCO_O_OFFER_PROVIDER] = {.name = "offer_provider", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE, .applies = RENT, .offset = O(offer_provider), .unit_label = "", .label = "Cheapest offer: provider"},
    [TCO_O_OFFER_REGION] = {.name = "offer_region", .section = "option", .type = TCO_T_STRING, .unit = TCO_U_NONE, .applies = RENT, .offset = O(offer_region), .unit_label = "", .label = "Cheapest offer: region"},
    [TCO_O_OFFER_MIN_GPUS] = {.name = "offer_min_gpus", .section = "option", .type = TCO_T_INT, .unit = TCO_U_NONE, .applies = RENT, .offset = O(offer_min_gpus), .lo = 1, .hi = 1000, .unit_label = "GPUs", .label = "Cheapest offer: least GPUs"},
    [TCO_O_KGCO2E_PER_GPU_HOUR] = {.name = "kgco2e_per_gpu_hour", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .applies = RENT, .offset = O(kgco2e_per_gpu_hour), .hi = 100, .unit_label = "kgCO2e per GPU-hour", .label = "Emissions of a rented GPU-hour", .live = 1, .no_total = 1, .plausible_hi = 5, .implausible = "kgCO2e, not grams?"},
    [TCO_O_EMBODIED_KGCO2E] = {.name = "embodied_kgco2e", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .applies = BUY, .offset = O(embodied_kgco2e), .hi = 1e6, .unit_label = "kgCO2e per GPU", .label = "Embodied emissions of a GPU", .live = 1, .no_total = 1},
    [TCO_O_SERVER_EMBODIED_KGCO2E] = {.name = "server_embodied_kgco2e", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .applies = BUY, .offset = O(server_embodied_kgco2e), .hi = 1e7, .unit_label = "kgCO2e per server", .label = "Embodied emissions of a server", .live = 1, .no_total = 1},
    /* API options (MODEL.md, API options): prices by the million tokens, the rate limit. */
    [TCO_O_PRICE_PER_MILLION_INPUT_TOKENS] = {.name = "price_per_million_input_tokens", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = TCO_APPLIES_API, .offset = O(price_per_million_input_tokens), .hi = MONEY_MAX, .unit_label = "per 1M tokens", .label = "API price, input tokens", .live = 1},
    [TCO_O_PRICE_PER_MILLION_OUTPUT_TOKENS] = {.name = "price_per_million_output_tokens", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = TCO_APPLIES_API, .offset = O(price_per_million_output_tokens), .hi = MONEY_MAX, .unit_label = "per 1M tokens", .label = "API price, output tokens", .live = 1},
    [TCO_O_PRICE_PER_MILLION_CACHED_TOKENS] = {.name = "price_per_million_cached_tokens", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_MONEY, .applies = TCO_APPLIES_API, .offset = O(price_per_million_cached_tokens), .hi = MONEY_MAX, .unit_label = "per 1M tokens", .label = "API price, cached input tokens", .live = 1},
    [TCO_O_CACHED_FRACTION] = {.name = "cached_fraction", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_FRACTION, .applies = TCO_APPLIES_API, .offset = O(cached_fraction), .hi = 1, .unit_label = "of input tokens", .label = "Cached share of input tokens", .live = 1},
    [TCO_O_MAX_TOKENS_PER_MINUTE] = {.name = "max_tokens_per_minute", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .applies = TCO_APPLIES_API, .offset = O(max_tokens_per_minute), .hi = 1e15, .unit_label = "tokens/min", .label = "API rate limit (0: none)", .no_total = 1},
    [TCO_O_KGCO2E_PER_MILLION_TOKENS] = {.name = "kgco2e_per_million_tokens", .section = "option", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .applies = TCO_APPLIES_API, .offset = O(kgco2e_per_million_tokens), .hi = 1e6, .unit_label = "kgCO2e per 1M tokens", .label = "Emissions of 1M API tokens", .no_total = 1, .plausible_hi = 100, .implausible = "kgCO2e, not grams?"},
};
/* clang-format on */
_Static_assert(sizeof option_keys / sizeof *option_keys == TCO_O_COUNT,
               "option_keys: one row per tco_okey");

/* ===== [demand] and [plan NAME] (MODEL.md, Demand and Plans) ===== */

#define D(f) offsetof(tco_demand, f)
#define P(f) offsetof(tco_plan, f)

/* clang-format off */
static const tco_keydef demand_keys[] = {
    [TCI_D_REFERENCE] = {.name = "reference", .section = "demand", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = D(reference), .unit_label = "", .label = "Option whose GPU-hours demand counts"},
    [TCI_D_GPU_HOURS] = {.name = "gpu_hours_per_month", .section = "demand", .type = TCO_T_NUMBER, .unit = TCO_U_HOURS, .offset = D(gpu_hours_per_month), .hi = 1e12, .unit_label = "GPU-hours", .label = "Demand in month 1"},
    [TCI_D_GROWTH] = {.name = "growth", .section = "demand", .type = TCO_T_NUMBER, .unit = TCO_U_RATIO, .offset = D(growth), .lo = -0.99, .hi = 100, .unit_label = "per year", .label = "Demand growth"},
    [TCI_D_SEASONALITY] = {.name = "seasonality", .section = "demand", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = D(seasonality), .unit_label = "", .label = "Monthly factors of demand"},
    [TCI_D_FILE] = {.name = "file", .section = "demand", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = D(file), .unit_label = "", .label = "Demand file"},
    [TCI_D_TOKENS] = {.name = "tokens_per_month", .section = "demand", .type = TCO_T_NUMBER, .unit = TCO_U_NONE, .offset = D(tokens_per_month), .hi = 1e18, .unit_label = "tokens", .label = "Demand in month 1, in tokens"},
};
/* clang-format on */
_Static_assert(sizeof demand_keys / sizeof *demand_keys == TCI_D_COUNT,
               "demand_keys: one row per tci_dkey");

/* clang-format off */
static const tco_keydef plan_keys[] = {
    [TCI_P_OWN] = {.name = "own", .section = "plan", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = P(own), .unit_label = "", .label = "Owned part: a buy option"},
    [TCI_P_OWN_COUNT] = {.name = "own_count", .section = "plan", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = P(own_count), .def = -1, /* the option's count */ .hi = 1000000, .unit_label = "GPUs", .label = "Owned GPUs"},
    [TCI_P_RESERVE] = {.name = "reserve", .section = "plan", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = P(reserve), .unit_label = "", .label = "Reserved part: a reserved rent option"},
    [TCI_P_RESERVE_COUNT] = {.name = "reserve_count", .section = "plan", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = P(reserve_count), .def = -1, /* the option's count */ .hi = 1000000, .unit_label = "GPUs", .label = "Reserved GPUs"},
    [TCI_P_OVERFLOW] = {.name = "overflow", .section = "plan", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = P(overflow), .unit_label = "", .label = "Overflow part: an on-demand rent option"},
    [TCI_P_SPARES] = {.name = "spares", .section = "plan", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = P(spares), .hi = 1000000, .unit_label = "GPUs", .label = "Owned GPUs held back as spares"},
    [TCI_P_BUY_AT] = {.name = "buy_at", .section = "plan", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = P(buy_at), .unit_label = "", .label = "Staged purchases: month:GPUs, ..."},
    [TCI_P_REFRESH_TO] = {.name = "refresh_to", .section = "plan", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = P(refresh_to), .unit_label = "", .label = "Refresh: the buy option that replaces the owned GPUs"},
    [TCI_P_REFRESH_MONTH] = {.name = "refresh_month", .section = "plan", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = P(refresh_when), .unit_label = "", .label = "Month of the refresh, or auto"},
    [TCI_P_REFRESH_COUNT] = {.name = "refresh_count", .section = "plan", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = P(refresh_count), .def = -1, /* as many as owned at the refresh */ .hi = 1000000, .unit_label = "GPUs", .label = "GPUs bought at the refresh"},
};
/* clang-format on */
_Static_assert(sizeof plan_keys / sizeof *plan_keys == TCI_P_COUNT,
               "plan_keys: one row per tci_pkey");

#define Z(f) offsetof(tco_optimize, f)
/* The objectives are the figures a ranking can go by, named alike. */
_Static_assert((int)TCO_OBJECTIVE_TOTAL == (int)TCO_RANK_TOTAL &&
                   (int)TCO_OBJECTIVE_NPV == (int)TCO_RANK_NPV &&
                   (int)TCO_OBJECTIVE_AFTER_TAX_NPV == (int)TCO_RANK_AFTER_TAX_NPV,
               "an objective is named as the ranking by the same figure");
#define objective_names rank_by_names
/* clang-format off */
static const tco_keydef optimize_keys[] = {
    [TCI_Z_PLAN] = {.name = "plan", .section = "optimize", .type = TCO_T_STRING, .unit = TCO_U_NONE, .offset = Z(plan), .unit_label = "", .label = "Plan whose counts are searched"},
    [TCI_Z_OBJECTIVE] = {.name = "objective", .section = "optimize", .type = TCO_T_ENUM, .unit = TCO_U_NONE, .offset = Z(objective), .def = TCO_OBJECTIVE_TOTAL, .names = objective_names, .unit_label = "", .label = "Figure the search minimises"},
    [TCI_Z_OWN_MIN] = {.name = "own_min", .section = "optimize", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = Z(own_min), .hi = TCI_OPTIMIZE_MAX_COUNT, .unit_label = "GPUs", .label = "Fewest owned GPUs searched"},
    [TCI_Z_OWN_MAX] = {.name = "own_max", .section = "optimize", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = Z(own_max), .def = -1, /* the peak demand in owned GPUs */ .hi = TCI_OPTIMIZE_MAX_COUNT, .unit_label = "GPUs", .label = "Most owned GPUs searched"},
    [TCI_Z_OWN_STEP] = {.name = "own_step", .section = "optimize", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = Z(own_step), .def = -1, /* the own option's gpus_per_server */ .lo = 1, .hi = TCI_OPTIMIZE_MAX_COUNT, .unit_label = "GPUs", .label = "Step of owned GPUs searched"},
    [TCI_Z_RESERVE_MIN] = {.name = "reserve_min", .section = "optimize", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = Z(reserve_min), .hi = TCI_OPTIMIZE_MAX_COUNT, .unit_label = "GPUs", .label = "Fewest reserved GPUs searched"},
    [TCI_Z_RESERVE_MAX] = {.name = "reserve_max", .section = "optimize", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = Z(reserve_max), .def = -1, /* the peak demand in reserved GPUs */ .hi = TCI_OPTIMIZE_MAX_COUNT, .unit_label = "GPUs", .label = "Most reserved GPUs searched"},
    [TCI_Z_RESERVE_STEP] = {.name = "reserve_step", .section = "optimize", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = Z(reserve_step), .def = 1, .lo = 1, .hi = TCI_OPTIMIZE_MAX_COUNT, .unit_label = "GPUs", .label = "Step of reserved GPUs searched"},
    [TCI_Z_RUNNERS_UP] = {.name = "runners_up", .section = "optimize", .type = TCO_T_INT, .unit = TCO_U_COUNT, .offset = Z(runners_up), .def = 5, .hi = TCI_OPTIMIZE_MAX_RUNNERS, .unit_label = "plans", .label = "Runners-up reported"},
};
/* clang-format on */
_Static_assert(sizeof optimize_keys / sizeof *optimize_keys == TCI_Z_COUNT,
               "optimize_keys: one row per tci_zkey");

/* See core.h. */
const tco_keydef *tci_optimize_key(int i)
{
    return (unsigned)i < TCI_Z_COUNT ? &optimize_keys[i] : NULL;
}

/* See core.h. */
const tco_keydef *tci_demand_key(int i)
{
    return (unsigned)i < TCI_D_COUNT ? &demand_keys[i] : NULL;
}

/* See core.h. */
const tco_keydef *tci_plan_key(int i)
{
    return (unsigned)i < TCI_P_COUNT ? &plan_keys[i] : NULL;
}

/* See documentation in header file. */
const tco_keydef *tco_scenario_key(tco_skey key)
{
    return (unsigned)key < TCO_S_COUNT ? &scenario_keys[key] : NULL;
}

const tco_keydef *tco_option_key(tco_okey key)
{
    return (unsigned)key < TCO_O_COUNT ? &option_keys[key] : NULL;
}

/* An exchange rate of [fx] (MODEL.md, Currency conversion): stored in a
 * tco_fx, units of the other currency per one unit of the scenario's. Its
 * bounds keep a rate and the prices it divides finite. */
static const tco_keydef fx_rate_key = {.name = "exchange rate",
                                       .section = "fx",
                                       .type = TCO_T_NUMBER,
                                       .unit = TCO_U_RATIO,
                                       .offset = offsetof(tco_fx, rate),
                                       .def = 1,
                                       .lo = 1e-9,
                                       .hi = 1e9,
                                       .unit_label = "per unit",
                                       .label = "Exchange rate"};

/* See core.h. */
const tco_keydef *tci_fx_key(void)
{
    return &fx_rate_key;
}

/* A negotiated discount's fraction as an input of the analyses (MODEL.md,
 * Negotiated discounts): stored in a tco_discount; -1 doubles the catalog's
 * price, 1 makes it 0 (the loader wants the fraction written strictly
 * between them; an analysis may reach them). */
static const tco_keydef discount_fraction_key = {.name = "fraction",
                                                 .section = "discount",
                                                 .type = TCO_T_NUMBER,
                                                 .unit = TCO_U_FRACTION,
                                                 .offset = offsetof(tco_discount, fraction),
                                                 .lo = -1,
                                                 .hi = 1,
                                                 .unit_label = "off the catalog price",
                                                 .label = "Discount"};

/* See core.h. */
const tco_keydef *tci_discount_key(void)
{
    return &discount_fraction_key;
}

/* See core.h. */
const tco_keydef *tci_param_key(tco_param p)
{
    if (p.option == TCO_PARAM_FX)
        return &fx_rate_key;
    if (p.option == TCO_PARAM_DISCOUNT)
        return &discount_fraction_key;
    return p.option < 0 ? tco_scenario_key((tco_skey)p.key) : tco_option_key((tco_okey)p.key);
}
