#!/usr/bin/python3
"""Independent reference implementation of the tco cost model (shared MODEL.md).

Written from MODEL.md alone, without reading the C engine, so the engine's tests
compare against numbers computed by a separate route.  Standard library only.

    tco_ref.py SCENARIO.ini     one line per figure: OPTION_ID FIELD VALUE
    tco_ref.py --self-test      check the depreciation functions against published values

Catalogs (`[scenario] catalog`, `offer`) are not supported: reference scenarios must
give every number explicitly.  `gpu` is accepted as a plain name.  Loans and leases are
not supported; `[tax]` is (its figures follow irr_note, its monthly lines the month's).
After each option's monthly lines come its budget by fiscal year (`fiscal_years.YEAR.COLUMN`)
and its statements (`statements.YEAR.COLUMN`); the two reconciliations of the statements
are asserted (an error when one fails).
"""
import configparser
import math
import re
import sys

MACRS = {  # IRS Pub. 946 table A-1, half-year convention, percent of the basis
    "macrs-5": [20.00, 32.00, 19.20, 11.52, 11.52, 5.76],
    "macrs-7": [14.29, 24.49, 17.49, 12.49, 8.93, 8.92, 8.93, 4.46],
}
# IRS Pub. 946 tables A-2..A-5: the mid-quarter convention, placed in service in
# quarter 1..4 of the tax year, percent (MODEL.md, Tax depreciation by tax year).
MACRS_MQ = {
    "macrs-5": [[35.00, 26.00, 15.60, 11.01, 11.01, 1.38],
                [25.00, 30.00, 18.00, 11.37, 11.37, 4.26],
                [15.00, 34.00, 20.40, 12.24, 11.30, 7.06],
                [5.00, 38.00, 22.80, 13.68, 10.94, 9.58]],
    "macrs-7": [[25.00, 21.43, 15.31, 10.93, 8.75, 8.74, 8.75, 1.09],
                [17.85, 23.47, 16.76, 11.97, 8.87, 8.87, 8.87, 3.33],
                [10.71, 25.51, 18.22, 13.02, 9.30, 8.85, 8.86, 5.53],
                [3.57, 27.55, 19.68, 14.06, 10.04, 8.73, 8.73, 7.64]],
}
METHODS = ("straight-line", "double-declining", "sum-of-years", "macrs-5", "macrs-7")

KEYS = {
    "scenario": {"name", "currency", "horizon_months", "discount_rate", "hours_per_month",
                 "baseline", "catalog", "template", "start", "fiscal_year_start"},
    "site": {"electricity_price", "electricity_escalation", "pue", "colo_per_kw_month"},
    "workload": {"utilization", "unit", "mode", "requests_per_s", "input_tokens_per_request",
                 "output_tokens_per_request"},
    "tax": {"rate", "depreciation", "deduct_interest", "expense_limit", "expense_phaseout",
            "bonus_fraction"},
}
COMMON = {"label", "acquire", "gpu", "count", "utilization", "tdp_w", "fp16_tflops",
          "memory_gb", "throughput", "scaling_efficiency"}
BUY = {"gpu_price", "gpus_per_server", "server_price", "network_price", "install_price",
       "server_power_w", "idle_power_fraction", "load_power_fraction", "maintenance_rate",
       "staff_per_month", "depreciation", "depreciation_years", "salvage_fraction",
       "resale_fraction", "resale_decline"}
RENT = {"pricing", "price_per_gpu_hour", "price_decline", "upfront", "storage_per_month",
        "offer", "term_months", "after_term", "on_demand_price_per_gpu_hour",
        "egress_tb_per_month", "egress_per_tb", "interruption_overhead"}
# An API option (MODEL.md, API options): no GPUs, prices per million tokens.
API = {"label", "acquire", "price_per_million_input_tokens", "price_per_million_output_tokens",
       "price_per_million_cached_tokens", "cached_fraction", "price_decline",
       "max_tokens_per_minute"}

FIELDS = ["capex", "power", "cooling", "facility", "maintenance", "staff", "rental",
          "commitment_after_horizon", "residual", "total", "npv", "gpu_hours", "cost_per_gpu_hour", "cost_per_pflop_hour",
          "cost_per_unit", "units_per_s_per_kw", "it_kw", "provisioned_kw", "depreciation",
          "book_value_end", "breakeven_month", "breakeven_utilization",
          "breakeven_utilization_note", "irr", "mirr", "payback_month",
          "discounted_payback_month", "irr_note"]
MONTHLY = ["power", "cooling", "facility", "maintenance", "staff", "rental", "depreciation",
           "cost", "cumulative"]
LINES = MONTHLY[:6]  # the cost lines that make up cost(m)
# With [tax] (MODEL.md, Taxes): the figures after irr_note, and two monthly lines.
TAX_FIELDS = ["tax0", "tax_depreciation", "tax_book_value_end", "tax_on_sale",
              "commitment_tax", "tax", "after_tax_total", "after_tax_npv", "irr_after_tax",
              "mirr_after_tax", "payback_month_after_tax", "discounted_payback_month_after_tax",
              "irr_after_tax_note"]
TAX_MONTHLY = ["tax_depreciation", "tax"]
# MODEL.md, Fiscal years and the budget: each year's months, then the option's budget.
FY_META = ["from", "to", "first_month", "last_month", "months", "partial"]
BUDGET = ["capex", *LINES, "financing", "residual", "tax", "total"]
# MODEL.md, Statements by fiscal year: the lease's three, then the columns.
STATEMENTS = ["lease_accounting", "lease_rate", "lease_rate_source", *LINES, "lease_cost",
              "ebitda_effect", "depreciation", "interest", "loss_on_sale", "pre_tax_effect",
              "tax", "after_tax_effect", "operating_cash", "investing_cash",
              "financing_cash", "net_cash", "book_value", "rou_asset", "loan_balance",
              "lease_liability"]


class ModelError(Exception):
    pass


# ---------------------------------------------------------------- depreciation

def sln(cost, salvage, life):
    return (cost - salvage) / life


def syd(cost, salvage, life, per):
    return (cost - salvage) * (life - per + 1) * 2 / (life * (life + 1))


def vdb(cost, salvage, life, start, end, factor=2.0):
    """Spreadsheet VDB for integer periods: depreciation in periods start+1..end.

    Declining balance at factor/life on the remaining book value, switching to
    straight line over the remaining life when that is larger, never below salvage."""
    book, total = cost, 0.0
    for p in range(end):
        ddb = book * factor / life
        sl = (book - salvage) / (life - p)
        d = max(0.0, min(max(ddb, sl), book - salvage))
        if p >= start:
            total += d
        book -= d
    return total


def annual_charge(method, base, salvage, life, year):
    """Depreciation in year `year` (1-based); 0 after the life ends."""
    if year > life:
        return 0.0
    if method == "straight-line":
        return sln(base, salvage, life)
    if method == "sum-of-years":
        return syd(base, salvage, life, year)
    if method == "double-declining":
        return vdb(base, salvage, life, year - 1, year, 2.0)
    return base * MACRS[method][year - 1] / 100.0


def self_test():
    checks = [
        ("SYD(30000,7500,10,1)", syd(30000, 7500, 10, 1), 4090.91),
        ("SYD(30000,7500,10,10)", syd(30000, 7500, 10, 10), 409.09),
        ("VDB(2400,300,10,0,1)", vdb(2400, 300, 10, 0, 1), 480.00),
        ("VDB(2400,300,120,6,18)", vdb(2400, 300, 120, 6, 18), 396.31),
        ("VDB(2400,300,120,6,18,1.5)", vdb(2400, 300, 120, 6, 18, 1.5), 311.81),
        ("sum MACRS-5 %", math.fsum(MACRS["macrs-5"]), 100.00),
        ("sum MACRS-7 %", math.fsum(MACRS["macrs-7"]), 100.00),
        # textbook DDB 4000, 2400, 1440, then straight line 1080, 1080
        ("VDB(10000,0,5,3,4)", vdb(10000, 0, 5, 3, 4), 1080.00),
        ("VDB(10000,0,5,0,5)", vdb(10000, 0, 5, 0, 5), 10000.00),
    ]
    checks += budget_checks()
    bad = 0
    for name, got, want in checks:
        ok = abs(got - want) < 0.005
        bad += not ok
        print("%-4s %-40s %.4f (expected %.2f)" % ("ok" if ok else "FAIL", name, got, want))
    return 1 if bad else 0


# MODEL.md, Fiscal years and the budget: its example (H = 15, start = 2027-05,
# fiscal_year_start = 7, bought in cash at 12,000, 1,000 a month of staff, residual
# 3,000, straight-line over 1 year, [tax] rate 0.25), and its statements worked by hand:
# depreciation 1,000 a month in months 1..12, the book value 0 from month 12, so the
# sale at month 15 is a gain of 3,000.
BUDGET_EXAMPLE = """[scenario]
name = budget
horizon_months = 15
hours_per_month = 100
discount_rate = 0
%s
[site]
electricity_price = 0
[option b]
acquire = buy
count = 1
gpu_price = 12000
tdp_w = 0
staff_per_month = 1000
resale_fraction = 0.25
depreciation_years = 1
[tax]
rate = 0.25
"""


def budget_checks():
    """(name, got, want) of MODEL.md's budget example and its statements by hand."""
    got = {f: v for _, f, v in run("budget.ini", BUDGET_EXAMPLE
                                   % "start = 2027-05\nfiscal_year_start = 7")}
    want = [("FY2027", 0, 2, 2, 12000, 2000, -1000, 13000, 2000, 4000, 0, 12000, 10000),
            ("FY2028", 3, 14, 12, 0, 12000, -5500, 6500, 10000, 22000, 0, 0, 0),
            ("FY2029", 15, 15, 1, 0, 1000, 500, -1500, 0, -2000, -3000, -3000, 0)]
    checks = []
    for (y, first, last, months, capex, staff, tax, total, dep, pre, loss, inv,
         book) in want:
        fy, st = "fiscal_years." + y + ".", "statements." + y + "."
        checks += [(fy + "first_month", got[fy + "first_month"], first),
                   (fy + "last_month", got[fy + "last_month"], last),
                   (fy + "months", got[fy + "months"], months),
                   (fy + "capex", got[fy + "capex"], capex),
                   (fy + "staff", got[fy + "staff"], staff),
                   (fy + "tax", got[fy + "tax"], tax),
                   (fy + "total", got[fy + "total"], total),
                   (st + "depreciation", got[st + "depreciation"], dep),
                   (st + "pre_tax_effect", got[st + "pre_tax_effect"], pre),
                   (st + "after_tax_effect", got[st + "after_tax_effect"], pre + tax),
                   (st + "loss_on_sale", got[st + "loss_on_sale"], loss),
                   (st + "investing_cash", got[st + "investing_cash"], inv),
                   (st + "net_cash", got[st + "net_cash"], total),
                   (st + "book_value", got[st + "book_value"], book)]
    checks.append(("FY2027 from 2027-04", got["fiscal_years.FY2027.from"] == "2027-04", True))
    checks.append(("FY2029 partial", got["fiscal_years.FY2029.partial"] == "true", True))
    # without start: Y1 months 0..12 (12 of operation, full), Y2 months 13..15 (3)
    got = {f: v for _, f, v in run("budget.ini", BUDGET_EXAMPLE % "")}
    checks += [("Y1.last_month", got["fiscal_years.Y1.last_month"], 12),
               ("Y1 full", got["fiscal_years.Y1.partial"] == "false", True),
               ("Y2.months", got["fiscal_years.Y2.months"], 3)]
    return checks


# ---------------------------------------------------------------- input

def unquote(v):
    v = v.strip()
    if len(v) >= 2 and v[0] == v[-1] == '"':
        v = v[1:-1]
    return v


def load(path, text=None):
    """The sections and options of the scenario file path (or of text, when given)."""
    cp = configparser.ConfigParser(inline_comment_prefixes=(";",), interpolation=None)
    if text is not None:
        cp.read_string(text, path)
    else:
        with open(path, encoding="utf-8") as f:
            cp.read_file(f)
    sections, options = {"scenario": {}, "site": {}, "workload": {}, "tax": {}}, []
    for name in cp.sections():
        d = {k: unquote(v) for k, v in cp.items(name)}
        if name in KEYS:
            allowed = KEYS[name]
            sections[name] = d
        elif name.startswith("option ") and re.fullmatch(r"[A-Za-z0-9_-]+", name[7:]):
            acquire = d.get("acquire")
            if acquire not in ("buy", "rent", "api"):
                raise ModelError("[%s] acquire must be buy, rent or api" % name)
            allowed = API if acquire == "api" else COMMON | (BUY if acquire == "buy" else RENT)
            d["id"] = name[7:]
            options.append(d)
        else:
            raise ModelError("unknown section [%s]" % name)
        for k in d:
            if k != "id" and k not in allowed:
                raise ModelError("[%s] unknown key %s" % (name, k))
        if "catalog" in d or "offer" in d:
            raise ModelError("[%s] catalogs are not supported by the reference" % name)
    if "tax" in cp.sections() and "rate" not in sections["tax"]:
        raise ModelError("[tax] needs its rate")
    if "name" not in sections["scenario"]:
        raise ModelError("[scenario] name is required")
    if not options:
        raise ModelError("no options")
    return sections, options


def num(d, key, default=None):
    if key in d:
        return float(d[key])
    if default is None:
        raise ModelError("option %s: %s is required" % (d.get("id", "?"), key))
    return default


# ---------------------------------------------------------------- the model

def compute(o, sc, u):
    """Every figure of one option at utilization u, except the break-even pair."""
    H, T = sc["H"], sc["T"]
    count = 0.0 if o["acquire"] == "api" else num(o, "count")
    r = {"u": u}
    mon = {k: [0.0] * H for k in MONTHLY + TAX_MONTHLY}
    capex = residual = it_kw = prov_kw = 0.0
    if o["acquire"] == "buy":
        gpu_price, tdp = num(o, "gpu_price"), num(o, "tdp_w")
        servers = math.ceil(count / num(o, "gpus_per_server", 8.0))
        capex_gpu = count * gpu_price
        capex_infra = servers * (num(o, "server_price", 0.0) + num(o, "network_price", 0.0))
        capex = capex_gpu + capex_infra + num(o, "install_price", 0.0)
        idle, load_f = num(o, "idle_power_fraction", 0.12), num(o, "load_power_fraction", 0.90)
        server_w = num(o, "server_power_w", 0.0)
        gpu_w = tdp * (idle + u * (load_f - idle))
        it_kw = (count * gpu_w + servers * server_w) / 1000
        prov_kw = (count * tdp + servers * server_w) / 1000
        if "electricity_price" not in sc["site"]:
            raise ModelError("[site] electricity_price is required with a buy option")
        e_price = float(sc["site"]["electricity_price"])
        esc = float(sc["site"].get("electricity_escalation", 0))
        pue = float(sc["site"].get("pue", 1.5))
        colo = float(sc["site"].get("colo_per_kw_month", 0))
        maint = capex * num(o, "maintenance_rate", 0.0) / 12
        staff = num(o, "staff_per_month", 0.0)
        # depreciation
        method = o.get("depreciation", "straight-line")
        if method not in METHODS:
            raise ModelError("option %s: unknown depreciation %s" % (o["id"], method))
        if method in MACRS and ("depreciation_years" in o or "salvage_fraction" in o):
            raise ModelError("option %s: MACRS takes no life or salvage" % o["id"])
        life, salvage = life_salvage(o, method, capex)
        if sc["tax"] is not None:
            tax_method = sc["tax"].get("depreciation", method)
            if tax_method not in METHODS:
                raise ModelError("[tax] unknown depreciation %s" % tax_method)
            tlife, tsalvage = life_salvage(o, tax_method, capex)
        for m in range(1, H + 1):
            y = (m - 1) // 12
            price_kwh = e_price * (1 + esc) ** y
            mon["power"][m - 1] = it_kw * T * price_kwh
            mon["cooling"][m - 1] = it_kw * T * (pue - 1) * price_kwh
            mon["facility"][m - 1] = prov_kw * colo
            mon["maintenance"][m - 1] = maint
            mon["staff"][m - 1] = staff
            mon["depreciation"][m - 1] = annual_charge(method, capex, salvage, life, y + 1) / 12
            if sc["tax"] is not None:
                mon["tax_depreciation"][m - 1] = annual_charge(tax_method, capex, tsalvage,
                                                               tlife, y + 1) / 12
        if "resale_fraction" in o and "resale_decline" in o:
            raise ModelError("option %s: resale_fraction and resale_decline" % o["id"])
        if "resale_decline" in o:
            resale = (1 - num(o, "resale_decline")) ** (H / 12)
        else:
            resale = num(o, "resale_fraction", 0.0)
        residual = (capex_gpu + capex_infra) * resale
    elif o["acquire"] == "api":
        # MODEL.md, API options: the workload's tokens a month at the year's prices
        wl = sc["workload"]
        requests = float(wl["requests_per_s"]) * T * 3600
        tokens_in = requests * float(wl["input_tokens_per_request"])
        tokens_out = requests * float(wl["output_tokens_per_request"])
        p_in = num(o, "price_per_million_input_tokens")
        p_cached = num(o, "price_per_million_cached_tokens", p_in)
        cached = num(o, "cached_fraction", 0.0)
        charge = (tokens_in * ((1 - cached) * p_in + cached * p_cached) / 1e6
                  + tokens_out * num(o, "price_per_million_output_tokens") / 1e6)
        decline = num(o, "price_decline", 0.0)
        for m in range(1, H + 1):
            mon["rental"][m - 1] = charge * (1 - decline) ** ((m - 1) // 12)
    else:
        price = num(o, "price_per_gpu_hour")
        pricing = o.get("pricing", "on-demand")
        if pricing not in ("on-demand", "reserved", "spot"):
            raise ModelError("option %s: unknown pricing %s" % (o["id"], pricing))
        after = o.get("after_term", "renew")
        if after not in ("renew", "on-demand"):
            raise ModelError("option %s: unknown after_term %s" % (o["id"], after))
        if pricing == "reserved" and "price_decline" in o and after != "on-demand":
            raise ModelError("option %s: price_decline with reserved" % o["id"])
        decline = num(o, "price_decline", 0.0)
        # egress(m) = egress_tb_per_month * egress_per_tb, added where storage is
        egress = num(o, "egress_tb_per_month", 0.0) * num(o, "egress_per_tb", 0.0)
        storage = num(o, "storage_per_month", 0.0)
        overhead = num(o, "interruption_overhead", 0.0)
        if overhead and pricing != "spot":
            raise ModelError("option %s: interruption_overhead without spot" % o["id"])
        if not 0 <= overhead <= 0.99:
            raise ModelError("option %s: interruption_overhead out of range" % o["id"])
        capex = num(o, "upfront", 0.0)
        term = int(num(o, "term_months", float(H)))
        for m in range(1, H + 1):
            y = (m - 1) // 12
            if pricing == "reserved" and m > term and after == "on-demand":
                rent = count * T * u * num(o, "on_demand_price_per_gpu_hour") * (1 - decline) ** y
            elif pricing == "reserved":
                rent = count * T * price
                if m > term and (m - 1) % term == 0:
                    rent += capex  # a renewal pays the upfront again in its first month
            elif pricing == "spot":
                # the same work needs 1/(1-overhead) times the hours
                rent = count * T * u * price * (1 - decline) ** y / (1 - overhead)
            else:
                rent = count * T * u * price * (1 - decline) ** y
            mon["rental"][m - 1] = rent + storage + egress
        if pricing == "reserved":
            # the term running at month H is owed to its end
            end = -(-H // term) * term if after == "renew" else max(term, H)
            committed = list(range(H + 1, end + 1))

    # totals and present value
    rm = (1 + sc["rate"]) ** (1 / 12) - 1
    owed = [count * T * num(o, "price_per_gpu_hour") for _ in committed] \
        if o["acquire"] == "rent" and o.get("pricing") == "reserved" else []
    for i in range(H):
        mon["cost"][i] = math.fsum(mon[k][i] for k in LINES)
        mon["cumulative"][i] = math.fsum([capex, *mon["cost"][: i + 1]])
    for k in LINES:
        r[k] = math.fsum(mon[k])
    r["capex"], r["residual"] = capex, residual
    r["commitment_after_horizon"] = math.fsum(owed)
    r["total"] = math.fsum([capex, *mon["cost"], -residual, *owed])
    r["npv"] = math.fsum([capex, *(c / (1 + rm) ** (i + 1) for i, c in enumerate(mon["cost"])),
                          -residual / (1 + rm) ** H,
                          *(c / (1 + rm) ** (H + 1 + i) for i, c in enumerate(owed))])
    r["it_kw"], r["provisioned_kw"] = it_kw, prov_kw
    r["depreciation"] = math.fsum(mon["depreciation"])
    r["book_value_end"] = capex - r["depreciation"] if o["acquire"] == "buy" else 0.0

    # metrics; a zero denominator gives null
    def ratio(a, b):
        return None if b == 0 else a / b
    r["gpu_hours"] = count * T * H * u
    r["cost_per_gpu_hour"] = ratio(r["total"], r["gpu_hours"])
    r["cost_per_pflop_hour"] = None
    if "fp16_tflops" in o:
        r["cost_per_pflop_hour"] = ratio(r["total"],
                                         count * num(o, "fp16_tflops") / 1000 * T * H * u)
    r["cost_per_unit"] = r["units_per_s_per_kw"] = None
    if "throughput" in o:
        per_s = num(o, "throughput") * count * num(o, "scaling_efficiency", 1.0)
        r["cost_per_unit"] = ratio(r["total"], per_s * 3600 * T * H * u)
        if o["acquire"] == "buy":
            r["units_per_s_per_kw"] = ratio(per_s, it_kw)
    r["monthly"] = mon
    r["commitment_npv"] = math.fsum(c / (1 + rm) ** (H + 1 + i) for i, c in enumerate(owed))
    if sc["tax"] is not None:
        taxes(o, r, sc, rm)
    return r


def taxes(o, r, sc, rm):
    """MODEL.md, Taxes: each month's tax, month 0's, the sale's, the commitment's,
    and the after-tax total and NPV. The reference has no loan or lease: a
    bought option pays capex at month 0 (depreciated, not deducted), a rent
    option its upfront (deducted)."""
    H, rate, mon = sc["H"], float(sc["tax"]["rate"]), r["monthly"]
    buy = o["acquire"] == "buy"
    dep0 = 0.0
    tax_method = sc["tax"].get("depreciation", o.get("depreciation", "straight-line"))
    if buy and tax_method in MACRS:
        dep0 = by_tax_year(sc, tax_method, r["capex"], mon["tax_depreciation"])
    r["tax0"] = -rate * dep0 if buy else -rate * r["capex"]
    r["tax_depreciation"] = math.fsum([dep0, *mon["tax_depreciation"]])
    r["tax_book_value_end"] = r["capex"] - r["tax_depreciation"] if buy else 0.0
    r["tax_on_sale"] = rate * (r["residual"] - r["tax_book_value_end"]) if buy else 0.0
    for i in range(H):
        deductible = math.fsum([*(mon[k][i] for k in LINES), mon["tax_depreciation"][i]])
        mon["tax"][i] = -rate * deductible + (r["tax_on_sale"] if i == H - 1 else 0.0)
    r["commitment_tax"] = -rate * r["commitment_after_horizon"]
    r["tax"] = math.fsum([r["tax0"], *mon["tax"], r["commitment_tax"]])
    r["after_tax_total"] = r["total"] + r["tax"]
    r["after_tax_npv"] = math.fsum([r["npv"], r["tax0"],
                                    *(t / (1 + rm) ** (i + 1) for i, t in enumerate(mon["tax"])),
                                    -rate * r["commitment_npv"]])


def tax_year(sc, m):
    """The fiscal year of model month m and the month's place in it (0..11):
    month 1 is `start`; without it, months 0..12 are year 1, 13..24 year 2."""
    if "start" not in sc["scenario"]:
        return (1, 0) if m == 0 else ((m - 1) // 12 + 1, (m - 1) % 12)
    y, mo = (int(x) for x in unquote(sc["scenario"]["start"]).split("-"))
    c = y * 12 + (mo - 1) + (m - 1)  # months since January of year 0
    year, month = c // 12, c % 12 + 1
    first = int(sc["scenario"].get("fiscal_year_start", 1))
    return year + (1 if first > 1 and month >= first else 0), (month - first) % 12


def by_tax_year(sc, method, base, monthly):
    """MODEL.md, Tax depreciation by tax year, for hardware placed in service at
    month 0: section 179, bonus, then the MACRS table (half-year, or the fourth
    quarter's mid-quarter table when month 0 is in its tax year's last quarter),
    each tax year's amount in equal parts over its months 0..H. Fills monthly
    (months 1..H) and returns month 0's part."""
    t = sc["tax"]
    limit = float(t.get("expense_limit", 0))
    threshold = float(t.get("expense_phaseout", 1e12))
    expensed = min(base, max(0.0, limit - max(0.0, base - threshold)))
    bonus = float(t.get("bonus_fraction", 0)) * (base - expensed)
    rest = base - expensed - bonus
    fy0, place = tax_year(sc, 0)
    table = MACRS_MQ[method][3] if place >= 9 else MACRS[method]
    H = sc["H"]
    years = {}
    for m in range(0, H + 1):
        years.setdefault(tax_year(sc, m)[0], []).append(m)
    dep0 = 0.0
    for fy, months in years.items():
        k = fy - fy0  # 0 for the first tax year
        amount = rest * (table[k] / 100 if k < len(table) else 0.0)
        if k == 0:
            amount += expensed + bonus
        for m in months:
            if m == 0:
                dep0 = amount / len(months)
            else:
                monthly[m - 1] = amount / len(months)
    return dep0


def life_salvage(o, method, capex):
    """The life and salvage of depreciation `method` for option o of price capex."""
    if method in MACRS:
        return len(MACRS[method]), 0.0
    return int(num(o, "depreciation_years", 3.0)), capex * num(o, "salvage_fraction", 0.0)


# ---------------------------------------------------------------- fiscal years and statements

def calendar(sc, m):
    """The calendar month `YYYY-MM` of model month m (month 1 is `start`), or None."""
    if "start" not in sc["scenario"]:
        return None
    y, mo = (int(x) for x in unquote(sc["scenario"]["start"]).split("-"))
    c = y * 12 + (mo - 1) + (m - 1)
    return "%04d-%02d" % (c // 12, c % 12 + 1)


def fiscal_years(sc):
    """MODEL.md, Fiscal years and the budget: [(name, months within 0..H, meta)] in time
    order; FY + the calendar year a fiscal year ends in with `start`, else Y1, Y2, ..."""
    years = {}
    for m in range(0, sc["H"] + 1):
        years.setdefault(tax_year(sc, m)[0], []).append(m)
    out = []
    for fy in sorted(years):
        months = years[fy]
        operating = sum(1 for m in months if m >= 1)
        meta = {"from": calendar(sc, months[0]), "to": calendar(sc, months[-1]),
                "first_month": months[0], "last_month": months[-1], "months": operating,
                "partial": "true" if operating < 12 else "false"}
        name = ("FY%d" if "start" in sc["scenario"] else "Y%d") % fy
        out.append((name, months, meta))
    return out


def close(a, b, scale):
    return abs(a - b) <= 1e-9 * max(1.0, abs(scale))


def statements(o, r, sc, years):
    """The budget and the statements of option o (result r) by fiscal year, as MODEL.md
    defines them for an option bought in cash or rented (no loan, no lease: lease_cost,
    interest, financing and the lease and loan balances are 0), with the two
    reconciliations checked: each year's net cash is its budget total, and the after-tax
    effects add up to after_tax_total - commitment_after_horizon - commitment_tax (the
    pre-tax effects to total - commitment_after_horizon)."""
    H, mon, buy = sc["H"], r["monthly"], o["acquire"] == "buy"
    taxed = sc["tax"] is not None

    def line(k, m):  # a cost line in month m (0..H); a rent option's upfront at 0
        if m == 0:
            return r["capex"] if k == "rental" and not buy else 0.0
        return mon[k][m - 1]

    def tax(m):
        if not taxed:
            return 0.0
        return r["tax0"] if m == 0 else mon["tax"][m - 1]

    budget, stmt = {}, {}
    for name, months, _ in years:
        sold = H in months
        b = {k: math.fsum(line(k, m) for m in months) for k in LINES}
        b["capex"] = r["capex"] if buy and 0 in months else 0.0
        b["financing"] = 0.0
        b["residual"] = -r["residual"] if sold else 0.0
        b["tax"] = math.fsum(tax(m) for m in months)
        b["total"] = math.fsum(b[k] for k in BUDGET if k != "total")
        budget[name] = b

        s = {"lease_accounting": None, "lease_rate": None, "lease_rate_source": None}
        s.update({k: b[k] for k in LINES})
        s["lease_cost"] = 0.0
        s["ebitda_effect"] = math.fsum([*(s[k] for k in LINES), s["lease_cost"]])
        s["depreciation"] = math.fsum(mon["depreciation"][m - 1] for m in months if m >= 1)
        s["interest"] = 0.0
        # the book value before the sale at H, less what the sale brings
        s["loss_on_sale"] = r["book_value_end"] - r["residual"] if buy and sold else 0.0
        s["pre_tax_effect"] = math.fsum([s["ebitda_effect"], s["depreciation"],
                                         s["interest"], s["loss_on_sale"]])
        s["tax"] = b["tax"]
        s["after_tax_effect"] = s["pre_tax_effect"] + s["tax"]
        s["operating_cash"] = math.fsum([*(line(k, m) for k in LINES for m in months),
                                         *(tax(m) for m in months)])
        s["investing_cash"] = math.fsum([r["capex"] if buy and 0 in months else 0.0,
                                         -r["residual"] if sold else 0.0])
        s["financing_cash"] = 0.0
        s["net_cash"] = math.fsum([s["operating_cash"], s["investing_cash"],
                                   s["financing_cash"]])
        last = months[-1]
        if buy and not sold:
            s["book_value"] = r["capex"] - math.fsum(mon["depreciation"][:last])
        else:
            s["book_value"] = 0.0  # sold at H, or never owned
        s["rou_asset"] = s["loan_balance"] = s["lease_liability"] = 0.0
        stmt[name] = s

        if not close(s["net_cash"], b["total"], abs(s["operating_cash"]) +
                     abs(s["investing_cash"])):
            raise ModelError("option %s %s: net cash %r is not the budget's total %r"
                             % (o["id"], name, s["net_cash"], b["total"]))
    # over the horizon
    commitment = r["commitment_after_horizon"]
    pre = math.fsum(s["pre_tax_effect"] for s in stmt.values())
    after = math.fsum(s["after_tax_effect"] for s in stmt.values())
    scale = math.fsum(abs(s["pre_tax_effect"]) + abs(s["tax"]) for s in stmt.values())
    want_after = (r["after_tax_total"] - commitment - r["commitment_tax"] if taxed
                  else r["total"] - commitment)
    checks = [("pre-tax effects", pre, r["total"] - commitment),
              ("after-tax effects", after, want_after),
              ("budget totals", math.fsum(b["total"] for b in budget.values()), want_after)]
    for what, got, want in checks:
        if not close(got, want, scale):
            raise ModelError("option %s: the %s add up to %r, not %r"
                             % (o["id"], what, got, want))
    return budget, stmt


# ---------------------------------------------------------------- returns

def npv0(rate, flows):
    """The flows' worth at period 0, the first at period 0."""
    return math.fsum(c / (1 + rate) ** k for k, c in enumerate(flows))


def irr(flows):
    """(monthly rate, None) or (None, reason), by MODEL.md's rule: the sign
    changes of the flows, then the rates where NPV crosses 0, scanned over
    ln(1 + r) and refined by bisection."""
    signs = [c > 0 for c in flows if c != 0]
    changes = sum(1 for a, b in zip(signs, signs[1:]) if a != b)
    if changes == 0:
        return None, "no sign change"

    def f(x):  # NPV at r = e^x - 1, scaled to keep it finite
        return npv0(math.expm1(x), flows)

    lo, hi, steps = -8.0, 8.0, 16000
    xs = [lo + (hi - lo) * k / steps for k in range(steps + 1)]
    roots = []
    prev = f(xs[0])
    for a, b in zip(xs, xs[1:]):
        fb = f(b)
        if prev == 0 or (prev < 0) != (fb < 0):
            x0, x1, f0 = a, b, prev
            for _ in range(200):
                xm = (x0 + x1) / 2
                fm = f(xm)
                if (fm < 0) == (f0 < 0):
                    x0, f0 = xm, fm
                else:
                    x1 = xm
            roots.append((x0 + x1) / 2)
        prev = fb
    if len(roots) == 1:
        return math.expm1(roots[0]), None
    if not roots:
        return None, "more than one sign change and no rate with NPV 0"
    return None, "more than one sign change and more than one rate with NPV 0"


def payback(flows, rate):
    """The first period from which the cumulative (discounted) flow stays >= 0."""
    run, sums = 0.0, []
    for k, c in enumerate(flows):
        run += c / (1 + rate) ** k
        sums.append(run)
    if sums[-1] < 0:
        return None
    k = len(sums)
    while k > 0 and sums[k - 1] >= 0:
        k -= 1
    return k


def returns(r, rb, H, rm, after_tax=False):
    """irr, mirr, the payback months and the note of buy result r against rb;
    with after_tax, the same of the after-tax flow, under the _after_tax names."""
    def net(x, m):
        tax = 0.0
        if after_tax:
            tax = x["tax0"] if m == 0 else x["monthly"]["tax"][m - 1]
        if m == 0:
            return x["capex"] + tax
        return x["monthly"]["cost"][m - 1] - (x["residual"] if m == H else 0.0) + tax
    flows = [net(rb, m) - net(r, m) for m in range(H + 1)]
    rate, note = irr(flows)
    sfx = "_after_tax" if after_tax else ""
    r["irr" + sfx] = None if rate is None else (1 + rate) ** 12 - 1
    r["irr" + sfx + "_note"] = note
    pay = math.fsum(c / (1 + rm) ** k for k, c in enumerate(flows) if c < 0)
    inc = math.fsum(c * (1 + rm) ** (H - k) for k, c in enumerate(flows) if c > 0)
    r["mirr" + sfx] = None if pay == 0 or inc == 0 else (inc / -pay) ** (12 / H) - 1
    r["payback_month" + sfx] = payback(flows, 0.0)
    r["discounted_payback_month" + sfx] = payback(flows, rm)


def utilization(o, sections):
    if o["acquire"] == "api":
        return 1.0  # billed for the workload's tokens (MODEL.md, API options)
    if "utilization" in o:
        return float(o["utilization"])
    return float(sections["workload"].get("utilization", 1.0))


def run(path, text=None):
    sections, options = load(path, text)
    s = sections["scenario"]
    sc = {"scenario": s, "H": int(s.get("horizon_months", 36)), "T": float(s.get("hours_per_month", 730)),
          "rate": float(s.get("discount_rate", 0.08)), "site": sections["site"],
          "workload": sections["workload"],
          "tax": sections["tax"] if sections["tax"] else None}
    if not 1 <= sc["H"] <= 120:
        raise ModelError("horizon_months must be 1..120")
    if "start" in s:
        if not re.fullmatch(r"[0-9]{4}-(0[1-9]|1[0-2])", unquote(s["start"])):
            raise ModelError("start must be YYYY-MM")
    elif "fiscal_year_start" in s:
        raise ModelError("fiscal_year_start needs start")
    if s.get("fiscal_year_start", "1") not in [str(k) for k in range(1, 13)]:
        raise ModelError("fiscal_year_start must be 1..12")
    results = [compute(o, sc, utilization(o, sections)) for o in options]

    rents = [i for i, o in enumerate(options) if o["acquire"] == "rent"]
    base = None
    if "baseline" in s:
        ids = [o["id"] for o in options]
        if s["baseline"] not in ids or options[ids.index(s["baseline"])]["acquire"] != "rent":
            raise ModelError("baseline must name a rent option")
        base = ids.index(s["baseline"])
    elif rents:
        base = rents[0]
    for o, r in zip(options, results):
        r["breakeven_month"] = r["breakeven_utilization"] = None
        r["breakeven_utilization_note"] = None
        r["irr"] = r["mirr"] = r["payback_month"] = r["discounted_payback_month"] = None
        r["irr_note"] = None
        for f in TAX_FIELDS[8:]:
            r[f] = None
        if o["acquire"] != "buy" or base is None:
            continue
        rb = results[base]
        returns(r, rb, sc["H"], (1 + sc["rate"]) ** (1 / 12) - 1)
        if sc["tax"] is not None:
            returns(r, rb, sc["H"], (1 + sc["rate"]) ** (1 / 12) - 1, after_tax=True)
        # the first month from which buying stays at or below the baseline to month H
        at_or_below = [r["monthly"]["cumulative"][m] <= rb["monthly"]["cumulative"][m]
                       for m in range(sc["H"])]
        for m in range(1, sc["H"] + 1):
            if all(at_or_below[m - 1:]):
                r["breakeven_month"] = m
                break
        # diff(u) = total_buy(u) - total_rent(u) is affine in u; find its root in [0, 1]
        d0 = compute(o, sc, 0.0)["total"] - compute(options[base], sc, 0.0)["total"]
        d1 = compute(o, sc, 1.0)["total"] - compute(options[base], sc, 1.0)["total"]
        if d1 != d0:
            ustar = d0 / (d0 - d1)
            if 0.0 <= ustar <= 1.0:
                r["breakeven_utilization"] = ustar
                continue
        elif d0 == 0:
            r["breakeven_utilization_note"] = "parallel"
            continue
        # no crossing in [0, 1]: the sign at u = 0 holds at every u
        r["breakeven_utilization_note"] = "always" if d0 < 0 else "never"

    years = fiscal_years(sc)
    out = []
    for o, r in zip(options, results):
        budget, stmt = statements(o, r, sc, years)
        taxed = sc["tax"] is not None
        for f in FIELDS + (TAX_FIELDS if taxed else []):
            v = r[f]
            if f in ("irr_note", "irr_after_tax_note") and v is not None:
                v = v.replace(" ", "_")  # one word, as every value of a line
            out.append((o["id"], f, v))
        for m in range(sc["H"]):
            for f in MONTHLY + (TAX_MONTHLY if taxed else []):
                out.append((o["id"], "monthly.%d.%s" % (m + 1, f), r["monthly"][f][m]))
        for name, _, meta in years:
            for f in FY_META:
                out.append((o["id"], "fiscal_years.%s.%s" % (name, f), meta[f]))
            for f in BUDGET:
                out.append((o["id"], "fiscal_years.%s.%s" % (name, f), budget[name][f]))
        for name, _, _ in years:
            for f in STATEMENTS:
                out.append((o["id"], "statements.%s.%s" % (name, f), stmt[name][f]))
    return out


def fmt(v):
    if v is None:
        return "null"
    if isinstance(v, (int, str)):
        return str(v)
    return format(v + 0.0, ".17g")  # + 0.0 turns -0.0 into 0


def main(argv):
    if len(argv) == 2 and argv[1] == "--self-test":
        return self_test()
    if len(argv) != 2:
        print("usage: tco_ref.py SCENARIO.ini | --self-test", file=sys.stderr)
        return 2
    try:
        lines = run(argv[1])
    except (ModelError, ValueError, configparser.Error) as e:
        print("tco_ref.py: %s: %s" % (argv[1], e), file=sys.stderr)
        return 1
    for oid, field, v in lines:
        print(oid, field, fmt(v))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
