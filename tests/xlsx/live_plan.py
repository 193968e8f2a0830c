#!/usr/bin/python3
"""The Plan sheets are live: a plan's demand, capacity, hours served and cost lines
follow the demand's inputs and the plan's counts on Inputs (docs/MODEL.md, Demand and
Plans; docs/WORKBOOK.md, Plan sheets).

  live_plan.py BUILD_DIR REPO_DIR [--part K/N]

Each example's workbook is audited (recalc_audit.py, LibreOffice and Gnumeric), as is
tests/data/plans.ini's in steps 3 and 10; after each edit on Inputs (but step 7's of
config/capacity-plan-2026.ini) the master check stays OK.

1. MODEL.md's example of plans (H = 3, T = 100, D = 100, 300, 500; plan `mix`: 2 owned
   gb, 1 reserved rv, overflow od at twice gb's throughput): audits its workbook
   (recalc_audit.py, LibreOffice and Gnumeric) and checks the Plan mix sheet's figures
   against those worked out by hand in MODEL.md, cached and recalculated.
2. Sets mix's own_count (Plan2_OwnCount) to 3 on Inputs, recalculates in LibreOffice
   and checks the sheet against the figures worked out by hand below.
3. tests/data/plans.ini (24 months, growth, seasonality, a reserved term that runs on
   demand after it, a decline, an escalation): audits its workbook, then sets mix's
   own_count to 16, DemandGrowth to 0.3 and plan staged's second purchase's month to 6
   on Inputs, recalculates in LibreOffice, and compares every plan's total and NPV with
   tco's for the scenario edited alike; the master check stays OK.
4. Goodput and spares (MODEL.md, Goodput, its example): the example with gb's
   availability 0.9, rv's failure_rate 3.65 and repair_days 10 (A = 0.9), od's
   availability 0.5 and mix's spares = 1, checked against the figures worked out by
   hand in MODEL.md, cached and recalculated; then, each alone, gb's availability set
   to 0.8 and mix's spares (Plan1_Spares) to 3 on Inputs, recalculated in LibreOffice,
   checked against the figures worked out by hand below.
5. tests/data/plans.ini with b200-cloud's availability set to 0.9, h100-buy's
   repair_days to 21 and plan spares' spares (Plan3_Spares) to 4 on Inputs,
   recalculated in LibreOffice, against tco on the scenario edited alike.
6. Staged purchases (MODEL.md, Staged purchases, its example): the example's gb with
   buy_at = 0:1, 1:1, overflow od, r_m = 0.01, checked against the figures worked out
   by hand in MODEL.md, cached and recalculated; then, each alone, the second
   purchase's GPUs set to 2 and its month to 2 on Inputs, recalculated in
   LibreOffice, checked against the figures worked out by hand below and against tco
   on the scenario edited alike.
7. A refresh (MODEL.md, Refresh, its example): gb (resale 0.5) replaced by gn (k = 2)
   at month 2 (plan fixed) and at the month auto chooses (1, plan auto), checked
   against the figures worked out by hand in MODEL.md, cached and recalculated; then
   fixed's refresh month set to 1 on Inputs (Plan1_RefreshMonth), recalculated in
   LibreOffice, against the figures by hand and tco with refresh_month = 1, and auto's
   set to 0 (no refresh), against the figures by hand. Then
   config/capacity-plan-2026.ini's staged-refresh (buy_at and refresh_month = auto,
   which chooses none) with its refresh month set to 24 on Inputs, recalculated in
   LibreOffice, against tco with refresh_month = 24.
8. A financed owned part (MODEL.md, Financing with a loan, with a lease, their
   examples as plans): the loan's (H = 3, half of 60,602 lent at 1% a month over 3
   months) and the lease's (H = 6, 3,000 a month for 12 months, r_m = 0.01), checked
   against the figures worked out by hand in MODEL.md, cached and recalculated; then
   tests/data/plans.ini's plans loan and lease, cached and recalculated, against tco's
   JSON (total, NPV, each month's owned cost and cost); then h100-loan's loan_rate set
   to 0.12, h100-lease's lease_months to 18 (bought out within the horizon) and plan
   loan's own_count (Plan6_OwnCount) to 12 on Inputs, recalculated in LibreOffice,
   against tco on the scenario edited alike.
9. Staged purchases and a refresh on a loan (MODEL.md, Staged purchases: a loan runs
   from its purchase; Refresh: its balance repaid when sold): the staged example of
   step 6 with half of each purchase lent at 1% a month over 3 months, checked against
   the figures worked out by hand below, cached and recalculated; then
   tests/data/plans.ini's staged-loan and refresh-loan, cached and recalculated,
   against tco's JSON (total, NPV, each month's cost and owned cost); then h100-loan's
   loan_rate set to 0.12 and staged-loan's second purchase to month 6 on Inputs,
   recalculated in LibreOffice, against tco on the scenario edited alike.
10. Staged purchases and a refresh on a lease (MODEL.md, Refresh: a lease returned when
   sold, its payments still to come paid then, its example "a leased refresh by
   hand"): the refresh example's gb leased (100 a month for 5 months, returned) and
   replaced at month 2, checked against the figures worked out by hand in MODEL.md,
   cached and recalculated; then tests/data/plans.ini's staged-lease, refresh-lease
   and refresh-mixed, cached and recalculated, against tco's JSON; then h100-lease's
   lease_months set to 18, b200-lease's buyout_fraction to 0.3 and refresh-lease's
   refresh month to 6 on Inputs, recalculated in LibreOffice, against tco on the
   scenario edited alike.
With --part K/N, only the Kth of every N steps (CTest runs the parts side by side).
Exit 0 when every figure agrees; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, part_of, run_audit, split_part, tco_binary  # noqa: E402
from live_loan import option_key_cell  # noqa: E402
from live_model import defined_cell, engine_after  # noqa: E402
from audit_all import master_check  # noqa: E402

EXAMPLE = """[scenario]
name = plan example
horizon_months = 3
hours_per_month = 100
discount_rate = 0
[site]
electricity_price = 0.1
pue = 1.5
[option gb]
acquire = buy
count = 2
gpu_price = 1000
tdp_w = 1000
idle_power_fraction = 0.2
load_power_fraction = 1
throughput = 10
[option rv]
acquire = rent
pricing = reserved
count = 1
price_per_gpu_hour = 2
[option od]
acquire = rent
count = 1
price_per_gpu_hour = 3
throughput = 20
[demand]
reference = gb
gpu_hours_per_month = 200
seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1
[plan own-only]
own = gb
own_count = 2
[plan mix]
own = gb
reserve = rv
reserve_count = 1
overflow = od
"""

# Rows of a Plan sheet by their label in column A: months 0..3 in columns D..G, the
# total in C.
ROWS = {"Demand": "demand", "Served by owned GPUs": "s_own",
        "Served by reserved GPUs": "s_res", "Served on demand (overflow)": "s_over",
        "Owned utilization u(m)": "u", "Owned: operating cost": "own_cost",
        "Rental": "rent", "On-demand hours bought": "ov_cost",
        "Cost: month 0 paid, then each month's": "cost", "Net cost (cost + residual)": "net",
        "Present value": "pv", "Capex": "capex", "Owned GPUs in service": "own_n",
        "Sale of the GPUs replaced, at their residual value": "sale",
        "Owned: operating cost and loan payments": "own_cost",
        "Owned: operating cost and lease payments": "own_cost", "Loan interest": "interest",
        "Loan principal": "principal", "Lease payment, in advance for the next month": "lease",
        "Less: lent by the loan, received at month 0": "lent",
        "Less: not paid, leased": "lent",
        "Less: lent by the loans, received in their months": "lent",
        "Loan balances still owed, repaid in the month sold": "balance",
        "Less: not paid, leased, in their months": "lent",
        "Less: lent by loans or leased, in their months": "lent",
        "Owned: operating cost, loan and lease payments": "own_cost",
        "Lease payments, in advance for the next month": "lease",
        "Leases returned at the refresh: payments left": "returned"}

# MODEL.md's example: owned 100, 200, 200 hours (u = 0.5, 1, 1), its cost 6 + 24u = 18,
# 30, 30 a month and 2,000 of capex; reserved 0, 100, 100 at 200 a month; overflow 200
# reference hours in month 3 = 100 od hours at 3. Total 2,978.
WANT = {"demand": [None, 100, 300, 500], "s_own": [None, 100, 200, 200],
        "s_res": [None, 0, 100, 100], "s_over": [None, 0, 0, 200],
        "u": [None, 0.5, 1, 1], "own_cost": [None, 18, 30, 30], "rent": [None, 200, 200, 200],
        "ov_cost": [None, 0, 0, 300], "cost": [2000, 218, 230, 530],
        "net": [2000, 218, 230, 530], "total": 2978}

# own_count = 3 (capacity 300): owned 100, 300, 300 hours (u = 1/3, 1, 1); it_kw =
# 3 (0.2 + 0.8u) = 0.6 + 2.4u, power 6 + 24u and cooling half that: 9 + 36u = 21, 45,
# 45, and 3,000 of capex; reserved 0, 0, 100 hours, still 200 a month paid; overflow
# 100 reference hours in month 3 = 50 od hours at 3 = 150. Total 3,000 + 111 + 600 +
# 150 = 3,861.
WANT_EDITED = {"demand": [None, 100, 300, 500], "s_own": [None, 100, 300, 300],
               "s_res": [None, 0, 0, 100], "s_over": [None, 0, 0, 100],
               "u": [None, 1 / 3, 1, 1], "own_cost": [None, 21, 45, 45],
               "rent": [None, 200, 200, 200], "ov_cost": [None, 0, 0, 150],
               "cost": [3000, 221, 245, 395], "net": [3000, 221, 245, 395], "total": 3861}


# Goodput: MODEL.md's example, A = 0.9 for gb and rv, 0.5 for od (od delivers 2 * 0.5 =
# 1 reference hour per hour paid), 2 gb serving and 1 spare. cap_own = 2 * 100 * 0.9 =
# 180, cap_res = 90. Month 1: owned 100 (u = 100 / 300 = 1/3). Months 2 and 3: owned 180
# (u = 0.6), reserved 90, overflow 30 and 230 reference hours = 30 and 230 od hours at
# 3 = 90 and 690. Owned: 3 GPUs, 3,000 of capex, 3 (0.2 + 0.8u) kW: 9 + 36u = 21, 30.6,
# 30.6; reserved 600. Total 3,000 + 82.2 + 600 + 780 = 4,462.2.
GOODPUT = {"gb": "throughput = 10\navailability = 0.9\n",
           "rv": "price_per_gpu_hour = 2\nfailure_rate = 3.65\nrepair_days = 10\n",
           "od": "throughput = 20\navailability = 0.5\n"}
WANT_GOODPUT = {"demand": [None, 100, 300, 500], "s_own": [None, 100, 180, 180],
                "s_res": [None, 0, 90, 90], "s_over": [None, 0, 30, 230],
                "u": [None, 1 / 3, 0.6, 0.6], "own_cost": [None, 21, 30.6, 30.6],
                "rent": [None, 200, 200, 200], "ov_cost": [None, 0, 90, 690],
                "cost": [3000, 221, 320.6, 920.6], "total": 4462.2}
# gb's availability 0.8: cap_own = 160. Owned 100, 160, 160 (u = 1/3, 160/300, 160/300):
# 9 + 36u = 21, 28.2, 28.2; overflow 50 and 250 od hours = 150 and 750. Total 3,000 +
# 77.4 + 600 + 900 = 4,577.4.
WANT_GOODPUT_A = {"s_own": [None, 100, 160, 160], "s_res": [None, 0, 90, 90],
                  "s_over": [None, 0, 50, 250], "u": [None, 1 / 3, 160 / 300, 160 / 300],
                  "own_cost": [None, 21, 28.2, 28.2], "ov_cost": [None, 0, 150, 750],
                  "cost": [3000, 221, 378.2, 978.2], "total": 4577.4}
# spares = 3: 5 gb bought (5,000), capacity still 180: u = 100/500, 180/500, 180/500 =
# 0.2, 0.36, 0.36; 5 (0.2 + 0.8u) kW at 15 a kW-month: 15 + 60u = 27, 36.6, 36.6.
# Total 5,000 + 100.2 + 600 + 780 = 6,480.2.
WANT_GOODPUT_SPARES = {"s_own": [None, 100, 180, 180], "u": [None, 0.2, 0.36, 0.36],
                       "own_cost": [None, 27, 36.6, 36.6], "ov_cost": [None, 0, 90, 690],
                       "cost": [5000, 227, 326.6, 926.6], "total": 6480.2}


# Staged purchases: MODEL.md's example, gb (3 + 12u a GPU a month) bought 1 at month 0
# and 1 at month 1, overflow od. Month 1: 1 GPU, 100 hours (u = 1): 15, and the second
# GPU's 1,000. Months 2 and 3: 2 GPUs, 200 hours: 30 each; overflow 100 and 300
# reference hours = 50 and 150 od hours = 150 and 450. Total 2,675; at r_m = 0.01 the
# NPV is 1,000 + 1,015/1.01 + 180/1.01^2 + 480/1.01^3 = 2,647.28705...
STAGED = """[plan staged]
own = gb
buy_at = 0:1, 1:1
overflow = od
"""
WANT_STAGED = {"own_n": [None, 1, 2, 2], "s_own": [None, 100, 200, 200],
               "u": [None, 1, 1, 1], "capex": [1000, 1000, 0, 0],
               "own_cost": [None, 15, 30, 30], "ov_cost": [None, 0, 150, 450],
               "cost": [1000, 1015, 180, 480], "total": 2675, "npv": 2647.28705494802}
# The second purchase of 2 GPUs: month 1 as before but 2,000 paid; months 2 and 3: 3
# GPUs, capacity 300, owned 300 hours (u = 1): 45 each; overflow 0 and 200 reference
# hours = 100 od hours = 300. Total 1,000 + 2,015 + 45 + 345 = 3,405; NPV 1,000 +
# 2,015/1.01 + 45/1.01^2 + 345/1.01^3 = 3,374.01642...
WANT_STAGED_N = {"own_n": [None, 1, 3, 3], "s_own": [None, 100, 300, 300],
                 "capex": [1000, 2000, 0, 0], "own_cost": [None, 15, 45, 45],
                 "ov_cost": [None, 0, 0, 300], "cost": [1000, 2015, 45, 345],
                 "total": 3405, "npv": 3374.016428208844}
# The second purchase at month 2: month 1 as before without the 1,000 (15); month 2: 1
# GPU, 100 hours (15), 200 reference hours over = 100 od hours = 300, and 1,000 paid;
# month 3: 2 GPUs, 200 hours (30), 150 od hours = 450. Total 1,000 + 15 + 1,315 + 480 =
# 2,810; NPV 1,000 + 15/1.01 + 1,315/1.01^2 + 480/1.01^3 = 2,769.82406...
WANT_STAGED_T = {"own_n": [None, 1, 1, 2], "s_own": [None, 100, 100, 200],
                 "capex": [1000, 0, 1000, 0], "own_cost": [None, 15, 15, 30],
                 "ov_cost": [None, 0, 300, 450], "cost": [1000, 15, 1315, 480],
                 "total": 2810, "npv": 2769.8240611238853}


class Raw(str):
    """A value written into the INI as it is (engine_after writes repr())."""
    def __repr__(self):
        return str(self)


# A refresh: MODEL.md's example. gb (2 GPUs, 1,000 each, resale_fraction 0.5) and gn
# (100 a GPU, 1,000 W, idle 0.2, throughput 20: k = 2), overflow od, H = 3, r = 0.
REFRESH = """[scenario]
name = refresh example
horizon_months = 3
hours_per_month = 100
discount_rate = 0
[site]
electricity_price = 0.1
pue = 1.5
[option gb]
acquire = buy
count = 2
gpu_price = 1000
tdp_w = 1000
idle_power_fraction = 0.2
load_power_fraction = 1
throughput = 10
resale_fraction = 0.5
[option gn]
acquire = buy
count = 2
gpu_price = 100
tdp_w = 1000
idle_power_fraction = 0.2
load_power_fraction = 1
throughput = 20
[option od]
acquire = rent
count = 1
price_per_gpu_hour = 3
throughput = 20
[demand]
reference = gb
gpu_hours_per_month = 200
seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1
[plan fixed]
own = gb
own_count = 2
refresh_to = gn
refresh_month = 2
overflow = od
[plan auto]
own = gb
own_count = 2
refresh_to = gn
refresh_month = auto
overflow = od
"""
# refresh_month = 2: months 1 and 2 own 18 and 30 (50 od hours, 150, in month 2); month
# 2 buys 2 gn (200) and sells the 2 gb (0.5 * 2,000 = 1,000); month 3: 2 gn, capacity
# 400, 200 gn hours (u = 1): 30, 100 reference hours over: 150. Total 1,578.
WANT_FIXED = {"own_n": [None, 2, 2, 2], "capex": [2000, 0, 200, 0],
              "sale": [None, 0, -1000, 0], "own_cost": [None, 18, 30, 30],
              "ov_cost": [None, 0, 150, 150], "cost": [2000, 18, -620, 180], "total": 1578}
# At month 1 (auto's choice): month 1 gb 18, 200 paid and 1,000 received: -782; month
# 2: 150 gn hours (u = 0.75), 2 (0.2 + 0.8 * 0.75) kW at 15 a kW-month: 24; month 3 as
# above: 30 + 150. Total 1,422.
WANT_AUTO = {"own_n": [None, 2, 2, 2], "capex": [2000, 200, 0, 0],
             "sale": [None, -1000, 0, 0], "own_cost": [None, 18, 24, 30],
             "u": [None, 0.5, 0.75, 1], "ov_cost": [None, 0, 0, 150],
             "cost": [2000, -782, 24, 180], "total": 1422}
# No refresh (month 0): MODEL.md's plan with overflow and the residual 1,000 at month
# 3: 2,000 + 18 + 30 + 30 + 150 + 450 - 1,000 = 1,678.
WANT_NONE = {"capex": [2000, 0, 0, 0], "sale": [None, 0, 0, 0],
             "own_cost": [None, 18, 30, 30], "ov_cost": [None, 0, 150, 450],
             "cost": [2000, 18, 180, 480], "total": 1678}


# MODEL.md's loan example as a plan: 1 GPU at 60,602 (no power, no resale), r = 0,
# half lent at 1% a month over 3 months, H = 3: 30,301 paid down at month 0, then the
# level payment 10,303.01 a month (interest 303.01, 203.01, 102.01; principal 10,000,
# 10,100, 10,201), no balance at the horizon. Total 61,210.03 = 60,602 + 608.03.
LOAN = """[scenario]
name = loan example
horizon_months = %d
hours_per_month = 100
discount_rate = %s
[site]
electricity_price = 0
[option gl]
acquire = buy
count = 1
gpu_price = %s
tdp_w = 0
%s
[demand]
reference = gl
gpu_hours_per_month = 50
[plan fin]
own = gl
own_count = 1
"""
LOAN_KEYS = "financing = loan\nloan_fraction = 0.5\nloan_rate = 0.12\nloan_months = 3\n"
WANT_LOAN = {"capex": [60602], "lent": [-30301], "interest": [None, 303.01, 203.01, 102.01],
             "principal": [None, 10000, 10100, 10201],
             "own_cost": [None, 10303.01, 10303.01, 10303.01],
             "cost": [30301, 10303.01, 10303.01, 10303.01], "total": 61210.03,
             "npv": 61210.03}
# MODEL.md's lease example (H = 6, returned): 1 GPU at 100,000, 3,000 a month for 12
# months in advance: 3,000 at month 0 and in months 1..5, nothing at month 6; 6 * 3,000
# = 18,000 owed after the horizon. Total 36,000; at 1% a month the NPV is 3,000 *
# sum_{t=0..11} 1.01^-t = 34,102.88 (to the cent).
LEASE_KEYS = "financing = lease\nlease_payment = 3000\nlease_months = 12\n"
WANT_LEASE = {"capex": [100000], "lent": [-100000],
              "lease": [3000, 3000, 3000, 3000, 3000, 3000, 0],
              "cost": [3000, 3000, 3000, 3000, 3000, 3000, 0], "total": 36000}


def plan_input(wb, plan, key):
    """(sheet, coordinate) of plan's row `key` (column B) on Inputs, after its heading."""
    ws = wb["Inputs"]
    inside = False
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=3):
        a = row[0].value
        if isinstance(a, str) and a.startswith("Plan "):
            inside = a == f"Plan {plan}"
        elif inside and row[1].value == key:
            return "Inputs", row[2].coordinate
    raise KeyError(f"plan {plan}'s {key} is not on Inputs")


def input_cell(wb, where):
    """(label, sheet, coordinate) of an Inputs cell: where is ("name", a defined name),
    ("option", id, key) or ("plan", id, key) (the key's row under the option's or the
    plan's heading)."""
    kind, *args = where
    if kind == "name":
        return (args[0],) + defined_cell(wb, args[0])
    if kind == "option":
        return f"{args[0]}.{args[1]}", "Inputs", option_key_cell(wb["Inputs"], *args).coordinate
    return (f"{args[0]}'s {args[1]}",) + plan_input(wb, *args)


def plan_rows(book, sheet):
    """{row name: [month 0..H values], 'total': net cost total, 'npv': NPV} of a Plan
    sheet's values."""
    ws = load_values(book)[sheet]
    out = {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        name = ROWS.get(row[0].value)
        if name and name not in out:
            out[name] = [c.value for c in row[3:]]
            if name == "net":
                out["total"] = row[2].value
            if name == "pv":
                out["npv"] = row[2].value
    return out


def owned(got):
    """A Plan sheet's owned cost by month: capex + lent + operating cost + sale."""
    rows = [got.get(k) or [] for k in ("capex", "lent", "own_cost", "sale")]
    n = max(len(r) for r in rows)
    return [sum((r[m] or 0) if m < len(r) else 0 for r in rows) for m in range(n)]


def close(got, want):
    return isinstance(got, (int, float)) and abs(got - want) <= 1e-9 * max(1, abs(want))


def compare(got, want, what):
    bad = []
    for key, w in want.items():
        g = got.get(key)
        if isinstance(w, list):
            g = g or []
            for m, v in enumerate(w):
                if v is not None and not (m < len(g) and close(g[m] or 0, v)):
                    bad.append(f"{what}: {key} month {m}: {g[m] if m < len(g) else None!r}, "
                               f"want {v}")
        elif not close(g, w):
            bad.append(f"{what}: {key}: {g!r}, want {w}")
    return bad


def write_ini(tmp, name, text):
    """tmp/name.ini holding text; returns its path."""
    ini = os.path.join(tmp, f"{name}.ini")
    with open(ini, "w") as f:
        f.write(text)
    return ini


def report(tco, ini, tmp, name):
    """ini's workbook, written by `tco report` as tmp/name.xlsx; returns its path."""
    book = os.path.join(tmp, f"{name}.xlsx")
    subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
    return book


def audit(book, what):
    """The mismatch when book does not audit clean (recalc_audit.py, LibreOffice and
    Gnumeric), none when it does; what names the workbook's scenario."""
    ok, line = run_audit(book)
    print(f"audit ({what}):", line)
    return [] if ok else [f"{what}'s workbook does not audit clean"]


def recalc(book):
    """book recalculated in LibreOffice: the new workbook's path."""
    return lo_recalc(book, os.path.splitext(book)[0] + "-lo")


def edit_inputs(book, edits, name="edited"):
    """Set each (where, value) of edits on book's Inputs (where as input_cell reads it),
    save it beside book as BOOK-name.xlsx and recalculate it in LibreOffice; returns the
    recalculated workbook."""
    wb = openpyxl.load_workbook(book)
    for where, v in edits:
        label, sheet, coord = input_cell(wb, where)
        print(f"{label} ({sheet}!{coord}): {wb[sheet][coord].value} -> {v}")
        wb[sheet][coord].value = v
    edited = f"{os.path.splitext(book)[0]}-{name}.xlsx"
    wb.save(edited)
    return recalc(edited)


def master_ok(after, failure):
    """[failure] unless the master check of the recalculated workbook after reads OK."""
    return [] if master_check(after) == "OK" else [failure]


def tco_plans(tco, ini):
    """tco's JSON plans of ini, by name."""
    out = subprocess.run([tco, "report", ini, "-o", "-"], check=True, capture_output=True,
                         text=True, timeout=120).stdout
    return {p["name"]: p for p in json.loads(out)["plans"]}


def tco_plans_after(tco, ini, changes, tmp):
    """tco's JSON plans, by name, of ini with each (section, key): value of changes set;
    None (its errors printed) when tco refuses it."""
    engine = engine_after(tco, ini, changes, tmp)
    return None if engine is None else {p["name"]: p for p in engine["plans"]}


def by_hand(book, after, sheet, want, what, npv=None):
    """Mismatches of a Plan sheet, cached in book and recalculated in after, against the
    figures worked out by hand (want); npv, when given, the NPV to the cent."""
    bad = []
    for how, b in (("cached", book), ("recalculated", after)):
        got = plan_rows(b, sheet)
        print(f"{what} {how}: total {got.get('total')!r} npv {got.get('npv')!r}, "
              f"by hand {want.get('total')} {want.get('npv', npv)}")
        bad += compare(got, want, f"{what} {how}")
        if npv is not None and not (isinstance(got.get("npv"), float)
                                    and abs(got["npv"] - npv) < 0.005):
            bad.append(f"{what} {how}: npv {got.get('npv')!r}, want {npv}")
    return bad


def totals(p):
    """The figures of tco's JSON plan p every Plan sheet shows: its total and NPV."""
    return {"total": p["total"], "npv": p["npv"]}


def loan_want(p, own_key="owned"):
    """The figures of tco's JSON plan p a Plan sheet shows: total, NPV, each month's
    cost and, under own_key, each month's owned cost: "owned" (the sheet's capex, less
    what is lent, the lines and loan payments, the sale: owned()), "own_cost" (its row
    of operating cost and payments alone) or None (not compared)."""
    want = {"total": p["total"], "npv": p["npv"],
            "cost": [p["paid0"]] + [m["cost"] for m in p["monthly"]]}
    if own_key:
        want[own_key] = [None] + [m["own_cost"] for m in p["monthly"]]
    return want


def against_tco(book, plans, what, want=totals, names=None, before=None,
                moved=("total", "npv")):
    """Mismatches of book's Plan sheets of names (every plan's when None) against want
    of tco's JSON plans (by name) for the scenario as book has it; with before (tco's
    plans before an edit), each figure of moved the edit left where it was."""
    bad = []
    for name in names or plans:
        p = plans[name]
        got = plan_rows(book, f"Plan {name}")
        got["owned"] = owned(got)
        for key in ("total", "npv"):
            was = f"{before[name][key]:,.2f} -> " if before else ""
            print(f"{what}: plan {name} {key}: {was}workbook {got.get(key)!r}, "
                  f"tco {p[key]:,.2f}")
        bad += compare(got, want(p), f"{what}: plan {name}")
        for key in moved if before else ():
            if close(p[key], before[name][key]):
                bad.append(f"{what}: plan {name} {key} did not move")
    return bad


def book_against_tco(book, plans, names, want):
    """Mismatches of book's Plan sheets of names, cached and recalculated, against want
    of tco's JSON plans (by name) for book's scenario (against_tco)."""
    bad = []
    for what, b in (("cached", book), ("recalculated", recalc(book))):
        bad += against_tco(b, plans, what, want, names)
    return bad


def plans_ini(repo):
    """tests/data/plans.ini: a 24-month capacity plan with every kind of plan."""
    return os.path.join(repo, "tests", "data", "plans.ini")


def example(tco, tmp):
    """Steps 1 and 2: MODEL.md's example by hand."""
    book = report(tco, write_ini(tmp, "example", EXAMPLE), tmp, "example")
    bad = audit(book, "the example")
    bad += by_hand(book, recalc(book), "Plan mix", WANT, "example")
    after = edit_inputs(book, [(("name", "Plan2_OwnCount"), 3)])
    bad += compare(plan_rows(after, "Plan mix"), WANT_EDITED, "edited")
    return bad + master_ok(after, "the example's master check after the edit is not OK")


def shipped_like(tco, repo, tmp):
    """Step 3: tests/data/plans.ini edited on Inputs against tco on the edited INI."""
    ini = plans_ini(repo)
    book = report(tco, ini, tmp, "plans")
    bad = audit(book, "plans.ini")
    after = edit_inputs(book, [(("name", "Plan1_OwnCount"), 16), (("name", "DemandGrowth"), 0.3),
                               (("plan", "staged", "buy_at, 2, month"), 6)])
    plans = tco_plans_after(tco, ini, {("plan mix", "own_count"): 16, ("demand", "growth"): 0.3,
                                       ("plan staged", "buy_at"): Raw("0:8, 6:8")}, tmp)
    if plans is None:
        return bad + ["tco refused the edited scenario"]
    bad += against_tco(after, plans, "edited", before=tco_plans(tco, ini))
    return bad + master_ok(after, "plans.ini's master check after the edit is not OK")


def goodput(tco, tmp):
    """Step 4: the example with goodput, by hand."""
    text = EXAMPLE
    for opt, keys in GOODPUT.items():
        head = f"[option {opt}]\n"
        i = text.index(head)
        j = text.index(keys.split("\n")[0] + "\n", i)
        text = text[:j] + keys + text[j + len(keys.split("\n")[0]) + 1:]
    text = text.replace("[plan mix]\nown = gb\n", "[plan mix]\nown = gb\nspares = 1\n")
    text = text.replace("[plan own-only]\nown = gb\nown_count = 2\n", "")
    book = report(tco, write_ini(tmp, "goodput", text), tmp, "goodput")
    bad = audit(book, "the goodput example")
    bad += by_hand(book, recalc(book), "Plan mix", WANT_GOODPUT, "goodput")
    edits = ((("option", "gb", "availability"), 0.8, WANT_GOODPUT_A),
             (("name", "Plan1_Spares"), 3, WANT_GOODPUT_SPARES))
    for n, (where, v, want) in enumerate(edits):
        key = where[-1]
        after = edit_inputs(book, [(where, v)], f"edited{n}")
        bad += compare(plan_rows(after, "Plan mix"), want, f"goodput edited ({key})")
        bad += master_ok(after, f"the goodput example's master check after the {key} edit "
                                "is not OK")
    return bad


def goodput_shipped_like(tco, repo, tmp):
    """Step 5: tests/data/plans.ini's availabilities edited on Inputs against tco."""
    ini = plans_ini(repo)
    book = report(tco, ini, tmp, "plans-goodput")
    after = edit_inputs(book, [(("option", "b200-cloud", "availability"), 0.9),
                               (("option", "h100-buy", "repair_days"), 21),
                               (("name", "Plan3_Spares"), 4)])
    plans = tco_plans_after(tco, ini, {("option b200-cloud", "availability"): 0.9,
                                       ("option h100-buy", "repair_days"): 21,
                                       ("plan spares", "spares"): 4}, tmp)
    if plans is None:
        return ["tco refused the edited scenario"]
    bad = against_tco(after, plans, "goodput edited", before=tco_plans(tco, ini))
    return bad + master_ok(after, "plans.ini's master check after the goodput edit is not OK")


def staged(tco, tmp):
    """Step 6: staged purchases, by hand and against tco."""
    text = EXAMPLE.replace("discount_rate = 0\n", "discount_rate = 0.12682503013196977\n")
    ini = write_ini(tmp, "staged", text[:text.index("[plan own-only]")] + STAGED)
    book = report(tco, ini, tmp, "staged")
    bad = audit(book, "the staged example")
    bad += by_hand(book, recalc(book), "Plan staged", WANT_STAGED, "staged")
    edits = (("buy_at, 2, GPUs", 2, "0:1, 1:2", WANT_STAGED_N),
             ("buy_at, 2, month", 2, "0:1, 2:1", WANT_STAGED_T))
    for n, (key, v, buy_at, want) in enumerate(edits):
        after = edit_inputs(book, [(("plan", "staged", key), v)], f"edited{n}")
        bad += compare(plan_rows(after, "Plan staged"), want, f"staged edited ({key})")
        plans = tco_plans_after(tco, ini, {("plan staged", "buy_at"): Raw(buy_at)}, tmp)
        if plans is None:
            bad.append(f"tco refused buy_at = {buy_at}")
            continue
        bad += against_tco(after, plans, f"staged edited ({key}), buy_at = {buy_at}")
        bad += master_ok(after, f"the staged example's master check after the {key} edit "
                                "is not OK")
    return bad


def refresh(tco, repo, tmp):
    """Step 7: a refresh, by hand and against tco."""
    ini = write_ini(tmp, "refresh", REFRESH)
    book = report(tco, ini, tmp, "refresh")
    bad = audit(book, "the refresh example")
    after = recalc(book)
    bad += by_hand(book, after, "Plan fixed", WANT_FIXED, "Plan fixed")
    bad += by_hand(book, after, "Plan auto", WANT_AUTO, "Plan auto")
    after = edit_inputs(book, [(("name", "Plan1_RefreshMonth"), 1),
                               (("name", "Plan2_RefreshMonth"), 0)])
    bad += compare(plan_rows(after, "Plan fixed"), WANT_AUTO, "Plan fixed, refresh at month 1")
    bad += compare(plan_rows(after, "Plan auto"), WANT_NONE, "Plan auto, no refresh")
    plans = tco_plans_after(tco, ini, {("plan fixed", "refresh_month"): 1}, tmp)
    if plans is None:
        bad.append("tco refused plan fixed with refresh_month = 1")
    else:
        bad += against_tco(after, plans, "refresh at month 1", lambda p: {"total": p["total"]},
                           ("fixed",))
    bad += master_ok(after, "the refresh example's master check after the edit is not OK")
    # The shipped plan with staged purchases and auto (which chooses no refresh).
    cap = os.path.join(repo, "config", "capacity-plan-2026.ini")
    book = report(tco, cap, tmp, "cap")
    after = edit_inputs(book, [(("plan", "staged-refresh", "refresh_month"), 24)])
    plans = tco_plans_after(tco, cap, {("plan staged-refresh", "refresh_month"): 24}, tmp)
    if plans is None:
        return bad + ["tco refused staged-refresh with refresh_month = 24"]
    return bad + against_tco(after, plans, "refresh at month 24", names=("staged-refresh",))


def financed(tco, repo, tmp):
    """Step 8: a plan's owned part on a loan or a lease, by hand and against tco."""
    bad = []
    examples = (("loan", LOAN % (3, "0", "60602", LOAN_KEYS), WANT_LOAN, None),
                ("lease", LOAN % (6, "0.12682503013196977", "100000", LEASE_KEYS), WANT_LEASE,
                 34102.88))
    for name, text, want, npv in examples:
        book = report(tco, write_ini(tmp, name, text), tmp, name)
        bad += audit(book, f"the {name} example")
        bad += by_hand(book, recalc(book), "Plan fin", want, f"{name} example", npv)
    # tests/data/plans.ini's financed plans against tco's JSON, then edited.
    names = ("loan", "lease")
    ini = plans_ini(repo)
    book = report(tco, ini, tmp, "plans-financed")
    plans = tco_plans(tco, ini)
    bad += book_against_tco(book, plans, names, lambda p: loan_want(p, "own_cost"))
    after = edit_inputs(book, [(("option", "h100-loan", "loan_rate"), 0.12),
                               (("option", "h100-lease", "lease_months"), 18),
                               (("name", "Plan6_OwnCount"), 12)])
    edited = tco_plans_after(tco, ini, {("option h100-loan", "loan_rate"): 0.12,
                                        ("option h100-lease", "lease_months"): 18,
                                        ("plan loan", "own_count"): 12}, tmp)
    if edited is None:
        return bad + ["tco refused the edited scenario"]
    bad += against_tco(after, edited, "financed edited", lambda p: loan_want(p, None), names,
                       before=plans, moved=("total",))
    return bad + master_ok(after, "plans.ini's master check after the financing edit is not OK")


# Staged purchases on a loan (MODEL.md, Staged purchases: a loan runs from its
# purchase; Financing with a loan): the staged example (gb bought 1 at month 0 and 1 at
# month 1, overflow od, r_m = 0.01) with half of each 1,000 lent at 1% a month over 3
# months. Each loan's level payment is P = 500 * 0.01 / (1 - 1.01^-3) = 170.0110...;
# the first purchase's runs months 1..3; the second's its months 1 and 2 (the model's 2
# and 3), its horizon H - 1 = 2 months, so the balance still owed after its second
# payment, P / 1.01 (one payment left), is repaid at month 3. Month 0: 1,000 - 500;
# month 1: 15 + 1,000 - 500 + P; month 2: 30 + 2P + 150; month 3: 30 + 2P + P/1.01 +
# 450. Total 2,675 - 1,000 + 5P + P/1.01 (each loan's interest and, for the second, its
# balance added to the cash example's cost) = 2,693.38306; lent at the discount rate, the
# loans' payments are worth what they lend, so the NPV is the cash example's, 2,647.28705.
STAGED_LOAN_KEYS = "loan_fraction = 0.5\nloan_rate = 0.12\nloan_months = 3\n"
_P = 500 * 0.01 / (1 - 1.01 ** -3)
_COST = [500, 15 + 500 + _P, 30 + 2 * _P + 150, 30 + 2 * _P + _P / 1.01 + 450]
WANT_STAGED_LOAN = {"capex": [1000, 1000, 0, 0], "lent": [-500, -500, 0, 0],
                    "own_cost": [None, 15 + _P, 30 + 2 * _P, 30 + 2 * _P + _P / 1.01],
                    "balance": [None, 0, 0, _P / 1.01], "cost": _COST,
                    "total": 2675 - 1000 + 5 * _P + _P / 1.01,
                    "npv": sum(v / 1.01 ** m for m, v in enumerate(_COST))}


def staged_loan(tco, repo, tmp):
    """Step 9: staged purchases and a refresh on a loan, by hand and against tco."""
    text = EXAMPLE.replace("discount_rate = 0\n", "discount_rate = 0.12682503013196977\n")
    text = text[:text.index("[plan own-only]")] + STAGED
    text = text.replace("[option gb]\n", "[option gb]\nfinancing = loan\n" + STAGED_LOAN_KEYS)
    book = report(tco, write_ini(tmp, "staged-loan", text), tmp, "staged-loan")
    bad = audit(book, "the staged loan example")
    bad += by_hand(book, recalc(book), "Plan staged", WANT_STAGED_LOAN, "staged loan example")
    # tests/data/plans.ini's staged-loan (h100-loan bought 8 + 1 spare at month 0 and 8
    # at month 12) and refresh-loan (8 h100-loan replaced at month 12 by 8 b200-loan:
    # the H100s' 36-month loan repaid then, the B200s' 18-month loan owed at month 24).
    ini = plans_ini(repo)
    book = report(tco, ini, tmp, "plans-loans")
    plans = tco_plans(tco, ini)
    bad += book_against_tco(book, plans, ("staged-loan", "refresh-loan"), loan_want)
    # Edited on Inputs: h100-loan's loan_rate to 0.12 and staged-loan's second purchase
    # to month 6, against tco on the scenario edited alike (plan loan, one purchase, on
    # the figures step 8 compares once edited).
    after = edit_inputs(book, [(("option", "h100-loan", "loan_rate"), 0.12),
                               (("plan", "staged-loan", "buy_at, 2, month"), 6)])
    edited = tco_plans_after(tco, ini, {("option h100-loan", "loan_rate"): 0.12,
                                        ("plan staged-loan", "buy_at"): Raw("0:8, 6:8")}, tmp)
    if edited is None:
        return bad + ["tco refused the edited scenario"]
    bad += against_tco(after, edited, "loans edited",
                       lambda p: loan_want(p, None if p["name"] == "loan" else "owned"),
                       ("staged-loan", "refresh-loan", "loan"), before=plans, moved=("total",))
    return bad + master_ok(after, "plans.ini's master check after the loan edit is not OK")


# MODEL.md, Refresh, "a leased refresh by hand": the refresh example's gb leased (100 a
# month for its 2 GPUs, 5 months, returned) and replaced at month 2, r_m = 0.01. Its
# payments at months 0 and 1; at month 2 it is returned with the payments of months 2,
# 3 and 4 still to come, paid then (300), no residual; gn's 200 paid then. Costs 100,
# 18 + 100, 30 + 300 + 200 + 150, 30 + 150: total 1,078; NPV 100 + 118/1.01 + 680/1.01^2
# + 180/1.01^3 = 1,058.13922.
LEASED_GB = ("financing = lease\nlease_payment = 100\nlease_months = 5\n"
             "lease_end = return\n")
WANT_LEASED = {"capex": [2000, 0, 200, 0], "lent": [-2000, 0, 0, 0],
               "lease": [100, 100, 0, 0], "returned": [None, 0, 300, 0],
               "own_cost": [None, 118, 330, 30], "sale": [None, 0, 0, 0],
               "ov_cost": [None, 0, 150, 150], "cost": [100, 118, 680, 180],
               "total": 1078, "npv": 100 + 118 / 1.01 + 680 / 1.01 ** 2 + 180 / 1.01 ** 3}


def leased(tco, repo, tmp):
    """Step 10: staged purchases and a refresh on a lease, by hand and against tco."""
    text = REFRESH.replace("discount_rate = 0\n", "discount_rate = 0.12682503013196977\n")
    text = text.replace("resale_fraction = 0.5\n", LEASED_GB)
    book = report(tco, write_ini(tmp, "leased", text), tmp, "leased")
    bad = audit(book, "the leased refresh example")
    bad += by_hand(book, recalc(book), "Plan fixed", WANT_LEASED, "leased refresh example")
    # tests/data/plans.ini's plans on a lease against tco's JSON, then edited.
    names = ("staged-lease", "refresh-lease", "refresh-mixed")
    ini = plans_ini(repo)
    book = report(tco, ini, tmp, "plans-leases")
    bad += audit(book, "plans.ini")
    plans = tco_plans(tco, ini)
    bad += book_against_tco(book, plans, names, loan_want)
    after = edit_inputs(book, [(("option", "h100-lease", "lease_months"), 18),
                               (("option", "b200-lease", "buyout_fraction"), 0.3),
                               (("plan", "refresh-lease", "refresh_month"), 6)])
    edited = tco_plans_after(tco, ini, {("option h100-lease", "lease_months"): 18,
                                        ("option b200-lease", "buyout_fraction"): 0.3,
                                        ("plan refresh-lease", "refresh_month"): 6}, tmp)
    if edited is None:
        return bad + ["tco refused the edited scenario"]
    bad += against_tco(after, edited, "leases edited", loan_want, names, before=plans,
                       moved=("total",))
    return bad + master_ok(after, "plans.ini's master check after the lease edit is not OK")


def main():
    argv, part = split_part(sys.argv)
    if len(argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(argv[1]), argv[2]
    steps = part_of([
        lambda tmp: example(tco, tmp),
        lambda tmp: shipped_like(tco, repo, tmp),
        lambda tmp: goodput(tco, tmp),
        lambda tmp: goodput_shipped_like(tco, repo, tmp),
        lambda tmp: staged(tco, tmp),
        lambda tmp: refresh(tco, repo, tmp),
        lambda tmp: financed(tco, repo, tmp),
        lambda tmp: staged_loan(tco, repo, tmp),
        lambda tmp: leased(tco, repo, tmp)], part)
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        for step in steps:
            bad += step(tmp)
    for b in bad[:60]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
