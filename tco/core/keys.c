/* keys.c - the tables of scenario and option keys: spelling, type, range,
 * default and storage. Loaders, writers and analyses all read these tables,
 * so a key is described once. */
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

/* Indexed by tco_skey. */
static const tco_keydef scenario_keys[TCO_S_COUNT] = {
    {"name", "scenario", TCO_T_STRING, TCO_U_NONE, 0, S(name), 0, 0, 0, NULL, "",
     "Scenario name"},
    {"currency", "scenario", TCO_T_STRING, TCO_U_NONE, 0, S(currency), 0, 0, 0, NULL, "",
     "Currency (ISO 4217)"},
    {"horizon_months", "scenario", TCO_T_INT, TCO_U_MONTHS, 0, S(horizon_months), 36, 1,
     TCO_MAX_HORIZON, NULL, "months", "Horizon"},
    {"discount_rate", "scenario", TCO_T_NUMBER, TCO_U_FRACTION, 0, S(discount_rate), 0.08, 0, 1,
     NULL, "per year", "Discount rate"},
    {"hours_per_month", "scenario", TCO_T_NUMBER, TCO_U_HOURS, 0, S(hours_per_month), 730, 1, 744,
     NULL, "hours", "Hours per month"},
    {"baseline", "scenario", TCO_T_STRING, TCO_U_NONE, 0, S(baseline), 0, 0, 0, NULL, "",
     "Baseline rent option"},
    {"as_of", "scenario", TCO_T_DATE, TCO_U_NONE, 0, S(as_of), 0, 0, 0, NULL, "",
     "Figures as of"},
    {"author", "scenario", TCO_T_STRING, TCO_U_NONE, 0, S(author), 0, 0, 0, NULL, "", "Author"},
    {"company", "scenario", TCO_T_STRING, TCO_U_NONE, 0, S(company), 0, 0, 0, NULL, "",
     "Company"},
    {"catalog", "scenario", TCO_T_STRING, TCO_U_NONE, 0, S(catalog_path), 0, 0, 0, NULL, "",
     "Price catalog"},
    {"template", "scenario", TCO_T_STRING, TCO_U_NONE, 0, S(template_path), 0, 0, 0, NULL, "",
     "Workbook template"},
    {"electricity_price", "site", TCO_T_NUMBER, TCO_U_MONEY, 0, S(electricity_price), 0, 0,
     MONEY_MAX, NULL, "per kWh", "Electricity price"},
    {"electricity_escalation", "site", TCO_T_NUMBER, TCO_U_FRACTION, 0,
     S(electricity_escalation), 0, 0, 1, NULL, "per year", "Electricity price escalation"},
    {"pue", "site", TCO_T_NUMBER, TCO_U_RATIO, 0, S(pue), 1.5, 1, 3, NULL, "ratio",
     "Power usage effectiveness"},
    {"colo_per_kw_month", "site", TCO_T_NUMBER, TCO_U_MONEY, 0, S(colo_per_kw_month), 0, 0,
     MONEY_MAX, NULL, "per kW-month", "Colocation"},
    {"utilization", "workload", TCO_T_NUMBER, TCO_U_FRACTION, 0, S(utilization), 1, 0, 1, NULL,
     "", "Utilization (default for options)"},
    {"unit", "workload", TCO_T_STRING, TCO_U_NONE, 0, S(unit), 0, 0, 0, NULL, "",
     "Unit of work"},
    {"model_params", "workload", TCO_T_NUMBER, TCO_U_NONE, 0, S(model_params), 0, 0, 1e15, NULL,
     "parameters", "Model parameters"},
    {"mode", "workload", TCO_T_ENUM, TCO_U_NONE, 0, S(mode), 0, 0, 0, mode_names, "", "Mode"},
    {"bytes_per_param", "workload", TCO_T_NUMBER, TCO_U_NONE, 0, S(bytes_per_param), 16, 0.125,
     64, NULL, "bytes", "Memory per parameter"},
    {"activation_overhead", "workload", TCO_T_NUMBER, TCO_U_RATIO, 0, S(activation_overhead),
     0.2, 0, 10, NULL, "of weights", "Activation memory overhead"},
    {"tokens", "workload", TCO_T_NUMBER, TCO_U_NONE, 0, S(tokens), 0, 0, 1e18, NULL, "tokens",
     "Training tokens"},
    {"mfu", "workload", TCO_T_NUMBER, TCO_U_FRACTION, 0, S(mfu), 0.4, 0.001, 1, NULL, "",
     "Model FLOPs utilization"},
    {"requests_per_s", "workload", TCO_T_NUMBER, TCO_U_NONE, 0, S(requests_per_s), 0, 0, 1e12,
     NULL, "requests/s", "Requests to serve"},
    {"tokens_per_request", "workload", TCO_T_NUMBER, TCO_U_NONE, 0, S(tokens_per_request), 0, 0,
     1e9, NULL, "tokens", "Tokens per request"},
    {"stale_after_months", "scenario", TCO_T_INT, TCO_U_MONTHS, 0, S(stale_after_months), 6, 1,
     120, NULL, "months", "Catalog prices stale after"},
    {"include", "scenario", TCO_T_STRING, TCO_U_NONE, 0, S(include), 0, 0, 0, NULL, "",
     "Included files"},
};

#define BUY TCO_APPLIES_BUY
#define RENT TCO_APPLIES_RENT

/* Indexed by tco_okey. */
static const tco_keydef option_keys[TCO_O_COUNT] = {
    {"label", "option", TCO_T_STRING, TCO_U_NONE, 0, O(label), 0, 0, 0, NULL, "", "Label"},
    {"acquire", "option", TCO_T_ENUM, TCO_U_NONE, 0, O(acquire), 0, 0, 0, acquire_names, "",
     "Acquire"},
    {"gpu", "option", TCO_T_STRING, TCO_U_NONE, 0, O(gpu), 0, 0, 0, NULL, "", "GPU"},
    {"count", "option", TCO_T_INT, TCO_U_COUNT, 0, O(count), 0, 1, 1000000, NULL, "GPUs",
     "GPU count"},
    {"utilization", "option", TCO_T_NUMBER, TCO_U_FRACTION, 0, O(utilization), 1, 0, 1, NULL, "",
     "Utilization"},
    {"tdp_w", "option", TCO_T_NUMBER, TCO_U_WATT, 0, O(tdp_w), 0, 0, 100000, NULL, "W per GPU",
     "GPU board power (TDP)"},
    {"fp16_tflops", "option", TCO_T_NUMBER, TCO_U_TFLOPS, 0, O(fp16_tflops), 0, 0, 1e6, NULL,
     "TFLOPS", "Dense FP16/BF16 peak"},
    {"memory_gb", "option", TCO_T_NUMBER, TCO_U_GB, 0, O(memory_gb), 0, 0, 1e6, NULL, "GB",
     "Memory per GPU"},
    {"throughput", "option", TCO_T_NUMBER, TCO_U_RATE, 0, O(throughput), 0, 0, 1e12, NULL,
     "units/s per GPU", "Throughput"},
    {"scaling_efficiency", "option", TCO_T_NUMBER, TCO_U_FRACTION, 0, O(scaling_efficiency), 1, 0,
     1, NULL, "", "Scaling efficiency"},
    {"gpu_price", "option", TCO_T_NUMBER, TCO_U_MONEY, BUY, O(gpu_price), 0, 0, MONEY_MAX, NULL,
     "per GPU", "GPU price"},
    {"gpus_per_server", "option", TCO_T_INT, TCO_U_COUNT, BUY, O(gpus_per_server), 8, 1, 1000,
     NULL, "GPUs", "GPUs per server"},
    {"server_price", "option", TCO_T_NUMBER, TCO_U_MONEY, BUY, O(server_price), 0, 0, MONEY_MAX,
     NULL, "per server", "Server price (without GPUs)"},
    {"network_price", "option", TCO_T_NUMBER, TCO_U_MONEY, BUY, O(network_price), 0, 0, MONEY_MAX,
     NULL, "per server", "Network price"},
    {"install_price", "option", TCO_T_NUMBER, TCO_U_MONEY, BUY, O(install_price), 0, 0, MONEY_MAX,
     NULL, "once", "Installation"},
    {"server_power_w", "option", TCO_T_NUMBER, TCO_U_WATT, BUY, O(server_power_w), 0, 0, 1e6,
     NULL, "W per server", "Server power (without GPUs)"},
    {"idle_power_fraction", "option", TCO_T_NUMBER, TCO_U_FRACTION, BUY, O(idle_power_fraction),
     0.12, 0, 1, NULL, "of TDP", "Idle power"},
    {"load_power_fraction", "option", TCO_T_NUMBER, TCO_U_FRACTION, BUY, O(load_power_fraction),
     0.90, 0, 1, NULL, "of TDP", "Load power"},
    {"maintenance_rate", "option", TCO_T_NUMBER, TCO_U_FRACTION, BUY, O(maintenance_rate), 0, 0, 1,
     NULL, "of capex per year", "Maintenance"},
    {"staff_per_month", "option", TCO_T_NUMBER, TCO_U_MONEY, BUY, O(staff_per_month), 0, 0,
     MONEY_MAX, NULL, "per month", "Staff"},
    {"depreciation", "option", TCO_T_ENUM, TCO_U_NONE, BUY, O(depreciation), 0, 0, 0,
     depreciation_names, "", "Depreciation method"},
    {"depreciation_years", "option", TCO_T_INT, TCO_U_YEARS, BUY, O(depreciation_years), 3, 1, 10,
     NULL, "years", "Depreciation life"},
    {"salvage_fraction", "option", TCO_T_NUMBER, TCO_U_FRACTION, BUY, O(salvage_fraction), 0, 0, 1,
     NULL, "of capex", "Salvage value (book)"},
    {"resale_fraction", "option", TCO_T_NUMBER, TCO_U_FRACTION, BUY, O(resale_fraction), 0, 0, 1,
     NULL, "of hardware", "Resale at end"},
    {"resale_decline", "option", TCO_T_NUMBER, TCO_U_FRACTION, BUY, O(resale_decline), 0, 0, 1,
     NULL, "per year", "Resale value decline"},
    {"pricing", "option", TCO_T_ENUM, TCO_U_NONE, RENT, O(pricing), 0, 0, 0, pricing_names, "",
     "Pricing"},
    {"price_per_gpu_hour", "option", TCO_T_NUMBER, TCO_U_MONEY, RENT, O(price_per_gpu_hour), 0, 0,
     MONEY_MAX, NULL, "per GPU-hour", "Rental price"},
    {"price_decline", "option", TCO_T_NUMBER, TCO_U_FRACTION, RENT, O(price_decline), 0, 0, 1,
     NULL, "per year", "Rental price decline"},
    {"upfront", "option", TCO_T_NUMBER, TCO_U_MONEY, RENT, O(upfront), 0, 0, MONEY_MAX, NULL,
     "once", "Upfront payment"},
    {"storage_per_month", "option", TCO_T_NUMBER, TCO_U_MONEY, RENT, O(storage_per_month), 0, 0,
     MONEY_MAX, NULL, "per month", "Storage"},
    {"offer", "option", TCO_T_STRING, TCO_U_NONE, RENT, O(offer), 0, 0, 0, NULL, "",
     "Cloud offer"},
    {"base", "option", TCO_T_STRING, TCO_U_NONE, 0, O(base), 0, 0, 0, NULL, "",
     "Inherits from"},
};

/* See documentation in header file. */
const tco_keydef *tco_scenario_key(tco_skey key)
{
    return (unsigned)key < TCO_S_COUNT ? &scenario_keys[key] : NULL;
}

const tco_keydef *tco_option_key(tco_okey key)
{
    return (unsigned)key < TCO_O_COUNT ? &option_keys[key] : NULL;
}
